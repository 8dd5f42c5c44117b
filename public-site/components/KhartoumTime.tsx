// A deadline as the traveller reads it: the time on Khartoum's clock (and its day when not today), said to
// be Khartoum time, the digits isolated from the sentence around them.
import { formatTripDate } from '../lib/format.ts';
import { khartoumTime } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Filled, Ltr } from './Filled.tsx';

export function KhartoumTime({ iso, now }: { iso: string; now: number }) {
  const { m, lang } = useI18n();
  const { time, day } = khartoumTime(iso, now);
  const date = day && formatTripDate(day, lang, { year: undefined });
  return (
    <Filled
      text={m.payment.khartoumTime}
      values={{
        time: (
          <>
            <Ltr>{time}</Ltr>
            {date && `${lang === 'ar' ? '،' : ','} ${date}`}
          </>
        ),
      }}
    />
  );
}
