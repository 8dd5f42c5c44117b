// A form refused because too many arrive, or because this phone sent its share: not the traveller's fault,
// so it says when to send it again (Khartoum time; what they typed stays in the form) and, when the operator
// publishes one, the phone to call for what cannot wait. Times, counts and the phone are isolated left to right.
import type { FormRefusal } from '../lib/form-refusal.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Filled, Ltr } from './Filled.tsx';
import { KhartoumTime } from './KhartoumTime.tsx';

export function FormRefused({ refusal, phone }: { refusal: FormRefusal; phone?: string }) {
  const { m } = useI18n();
  const time = <KhartoumTime iso={refusal.until} now={Date.now()} />;
  return (
    <p class="message error" role="alert">
      {refusal.kind === 'busy' ? (
        <Filled text={m.forms.busy} values={{ time }} />
      ) : (
        <Filled text={m.forms.phoneLimit} values={{ time, count: <Ltr>{refusal.limit}</Ltr> }} />
      )}
      {phone && (
        <>
          {' '}
          <Filled
            text={m.forms.callUs}
            values={{
              phone: (
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                  {phone}
                </a>
              ),
            }}
          />
        </>
      )}
    </p>
  );
}
