// Lost item report: personal information, message subject, details of loss.
// The fields and their rules come from the registry entry `lostItems`.
import { lostItems } from '../../shared/registry/resources.ts';
import { ContentPage } from '../components/ContentPage.tsx';
import { RegistryForm } from '../components/RegistryForm.tsx';
import { useI18n } from '../lib/use-i18n.ts';
import { useSettings } from '../lib/use-settings.ts';
import { formatBoardingTime } from '../lib/format.ts';
import { BOARDING_TIMES } from '../../shared/rules.ts';

export default function LostItemReport() {
  const { m } = useI18n();
  // The boarding times offered now: an admin's own (Settings) besides the spec's two.
  const times = useSettings().settings?.boardingTimes ?? BOARDING_TIMES;
  const resource = {
    ...lostItems,
    fields: { ...lostItems.fields, boarding_time: { ...lostItems.fields.boarding_time, choices: times } },
  };
  const timeLabels = Object.fromEntries(times.map((time) => [time, formatBoardingTime(time, m)]));
  return (
    <ContentPage
      render={({ lostItem }) => (
        <section class="page">
          <h1>{lostItem.title}</h1>
          <p class="lead">{lostItem.intro}</p>
          <RegistryForm
            resource={resource}
            sections={[
              { title: lostItem.sections.personal, fields: ['first_name', 'last_name', 'phone', 'email'] },
              { title: lostItem.sections.subject, fields: ['message_subject'] },
              {
                title: lostItem.sections.details,
                fields: [
                  'date_of_loss',
                  'item_type',
                  'colour',
                  'brand',
                  'bus_number',
                  'line_description',
                  'boarding_time',
                  'description',
                ],
              },
            ]}
            labels={lostItem.fields}
            choiceLabels={{
              item_type: lostItem.types,
              colour: lostItem.colours,
              boarding_time: timeLabels,
            }}
            sentMessage={lostItem.sent}
          />
        </section>
      )}
    />
  );
}
