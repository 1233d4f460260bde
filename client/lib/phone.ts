/**
 * Country calling codes offered beside a phone number. Belgium (32) is the default; the others
 * are neighbours and the countries the platform's partners mostly work in. Anyone else types the
 * number with its own "+" code.
 */
const callingCodes: readonly { region: string; code: string }[] = [
  { region: 'BE', code: '32' },
  { region: 'NL', code: '31' },
  { region: 'FR', code: '33' },
  { region: 'LU', code: '352' },
  { region: 'DE', code: '49' },
  { region: 'GB', code: '44' },
  { region: 'ES', code: '34' },
  { region: 'IT', code: '39' },
  { region: 'CH', code: '41' },
  { region: 'US', code: '1' },
  { region: 'BJ', code: '229' },
  { region: 'BF', code: '226' },
  { region: 'BI', code: '257' },
  { region: 'CM', code: '237' },
  { region: 'CD', code: '243' },
  { region: 'CI', code: '225' },
  { region: 'ET', code: '251' },
  { region: 'GH', code: '233' },
  { region: 'GN', code: '224' },
  { region: 'KE', code: '254' },
  { region: 'ML', code: '223' },
  { region: 'MA', code: '212' },
  { region: 'MZ', code: '258' },
  { region: 'NE', code: '227' },
  { region: 'NG', code: '234' },
  { region: 'RW', code: '250' },
  { region: 'SN', code: '221' },
  { region: 'ZA', code: '27' },
  { region: 'TZ', code: '255' },
  { region: 'UG', code: '256' },
  { region: 'ZM', code: '260' },
  { region: 'ZW', code: '263' },
  { region: 'PS', code: '970' },
  { region: 'BO', code: '591' },
  { region: 'EC', code: '593' },
  { region: 'PE', code: '51' },
  { region: 'HT', code: '509' },
  { region: 'IN', code: '91' },
];

export const defaultRegion = 'BE';

/** The calling-code choices with country names in the interface language, sorted by name. */
export function callingCodeOptions(language: string): { region: string; code: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return callingCodes
    .map(({ region, code }) => ({ region, code, label: `${names?.of(region) ?? region} (+${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/**
 * The number as the server takes it: a number typed with its own "+" code stays as it is; otherwise
 * the chosen country's code goes in front (without the national leading 0). Empty stays empty.
 */
export function joinPhone(region: string, number: string): string {
  const typed = number.trim();
  if (typed === '' || typed.startsWith('+')) return typed;
  const code = callingCodes.find((entry) => entry.region === region)?.code ?? '32';
  return `+${code} ${typed.replace(/^0+/, '')}`;
}

/** Splits a stored number back into a country we offer and the rest ("+32 470…" → BE, "470…"). */
export function splitPhone(phone: string | null | undefined): { region: string; number: string } {
  const value = (phone ?? '').trim();
  const match = /^\+(\d{1,3})\s*(.*)$/.exec(value);
  if (match) {
    // The longest code that fits, preferring the default country for a shared code.
    const candidates = callingCodes
      .filter((entry) => value.slice(1).startsWith(entry.code))
      .sort((a, b) => b.code.length - a.code.length || Number(b.region === defaultRegion));
    const found = candidates[0];
    if (found) {
      return { region: found.region, number: value.slice(1 + found.code.length).trim() };
    }
    return { region: defaultRegion, number: value };
  }
  return { region: defaultRegion, number: value };
}
