// The Disruptions screen (/disruptions): cancel or delay the trips of a route over dates (or of every route
// over a closed road) — or the trips ticked in the trips list (?tripIds=a,b) — with the reason travellers are
// told in both languages. Preview runs the call as a dry run (trips, bookings, passengers to tell, money at
// stake; nothing changes); Confirm runs it and shows each trip's outcome. Any change to the form asks for a
// new preview before confirming. A closed road's trips that may use it but name no stops open here by
// themselves, with the same action and reason.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { addDays, khartoumToday } from '../../shared/rules.ts';
import type { DisruptAnswer, DisruptBody, RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { EMPTY_REASON, ReasonFields } from '../common/CancelReasonFields.tsx';
import { DisruptionImpact } from './DisruptionImpact.tsx';
import { type Choice, emptyChoice, WhichTrips, WhatHappens } from './DisruptionForm.tsx';

export function DisruptionsPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`rihla.disruptions.${key}`, options);
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const tripIds = params.get('tripIds')?.split(',').filter(Boolean) ?? [];
  const [choice, setChoiceState] = useState<Choice>(() => emptyChoice(khartoumToday(), addDays));
  const [reason, setReasonState] = useState(EMPTY_REASON);
  const [answer, setAnswer] = useState<DisruptAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The form changed: the preview shown no longer says what Confirm would do.
  const changed = () => {
    setAnswer(null);
    setProblem(null);
  };
  const setChoice = (next: Choice) => {
    setChoiceState(next);
    changed();
  };
  const setReason = (next: typeof reason) => {
    setReasonState(next);
    changed();
  };

  const body = (dryRun: boolean): DisruptBody => ({
    ...(tripIds.length > 0
      ? { tripIds }
      : {
          originId: choice.originId,
          destinationId: choice.destinationId,
          from: choice.from,
          to: choice.to,
          ...(choice.road ? { road: true } : {}),
        }),
    action: choice.action,
    ...(choice.action === 'delay' && choice.newDate ? { newDate: choice.newDate } : {}),
    ...(choice.action === 'delay' && choice.newTime ? { newBoardingTime: choice.newTime } : {}),
    reason_en: reason.reason_en.trim(),
    reason_ar: reason.reason_ar.trim(),
    dryRun,
  });
  const { mutate, isPending } = useMutation({
    mutationFn: (dryRun: boolean) => dataProvider.disrupt(body(dryRun)),
    onSuccess: setAnswer,
    onError: (error) => setProblem(errorMessage(error, 'rihla.disruptions.failed', 'trips')),
  });

  const ready =
    (tripIds.length > 0 || (choice.originId && choice.destinationId && choice.from && choice.to)) &&
    (choice.action === 'cancel' || choice.newDate || choice.newTime) &&
    reason.reason_en.trim().length >= 3 &&
    reason.reason_ar.trim().length >= 3;
  const previewed = answer?.dryRun && answer.totals.trips > 0;
  const run = (dryRun: boolean) => {
    setProblem(null);
    mutate(dryRun);
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 1000, minWidth: 0 }}>
      <Title title="rihla.disruptions.title" />
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {tripIds.length > 0 ? (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" onClick={() => setParams({})}>
                    {t('by_route')}
                  </Button>
                }
              >
                {t('selected', { smart_count: tripIds.length, count: tripIds.length })}
              </Alert>
            ) : (
              <WhichTrips value={choice} onChange={setChoice} />
            )}
            <WhatHappens value={choice} onChange={setChoice} />
            <ReasonFields value={reason} onChange={setReason} required />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" disabled={!ready || isPending} onClick={() => run(true)}>
                {t('preview')}
              </Button>
              <Button
                variant="contained"
                color="warning"
                disabled={!ready || !previewed || isPending}
                onClick={() => run(false)}
              >
                {t(choice.action === 'cancel' ? 'confirm_cancel' : 'confirm_delay', {
                  smart_count: answer?.totals.trips ?? 0,
                  count: answer?.totals.trips ?? 0,
                })}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {problem && <Alert severity="error">{problem}</Alert>}
      {answer && (
        <Card>
          <CardContent>
            <DisruptionImpact
              answer={answer}
              road={tripIds.length === 0 && choice.road}
              onOpenTrips={(ids) => {
                // The same action and reason, for these trips alone: previewed before anything changes.
                setParams({ tripIds: ids.join(',') });
                changed();
              }}
            />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
