import type { ReactNode } from 'react';

export type AlertTone = 'success' | 'danger' | 'info';

/**
 * A message about what just happened: success and info are polite (role=status), a failure
 * interrupts (role=alert).
 */
export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
