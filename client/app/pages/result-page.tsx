import { ModuleCertificate } from '../../features/certificate/components/module-certificate';
import { ResultRoute } from '../../features/module/routes/result';

/** A module's result page, followed by the module's certificate (drawn by the certificate feature). */
export function ResultPage(props: { modulePath: string; base?: string }) {
  return <ResultRoute {...props} Certificate={ModuleCertificate} />;
}
