// A deadline as the traveller reads it: the time on Khartoum's clock, 12-hour as Sudanese tickets and timetables
// write it («4:30 مساءً», "4:30 pm"), and its day when not today, said to be Khartoum time, the digits isolated
// from the sentence around them.
import { boardingTimeOfClock } from '../../shared/rules.ts';
import { formatBoardingTime, formatTripDate } from '../lib/format.ts';
import { khartoumTime } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Filled, Ltr } from './Filled.tsx';

export function KhartoumTime({ iso, now }: { iso: string; now: number }) {
  const { m, lang } = useI18n();
  const { time, day } = khartoumTime(iso, now);
  // "4:30 pm" in the page's words; the period word stays outside the isolate, so that Arabic reads it after the digits.
  const words = formatBoardingTime(boardingTimeOfClock(time), m);
  const digits = /^\d{1,2}:\d{2}/.exec(words)?.[0] ?? time;
  const date = day && formatTripDate(day, lang, { year: undefined });
  return (
    <Filled
      text={m.payment.khartoumTime}
      values={{
        time: (
          <>
            <Ltr>{digits}</Ltr>
            {words.slice(digits.length)}
            {date && `${lang === 'ar' ? '،' : ','} ${date}`}
          </>
        ),
      }}
    />
  );
}
