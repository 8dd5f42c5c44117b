// Lost item report: personal information, message subject, details of loss.
// The fields and their rules come from the registry entry `lostItems`.
import { lostItems } from '../../shared/registry/resources.ts';
import { ContentPage } from '../components/ContentPage.tsx';
import { RegistryForm } from '../components/RegistryForm.tsx';
import { useI18n } from '../lib/use-i18n.ts';

export default function LostItemReport() {
  const { m } = useI18n();
  return (
    <ContentPage
      render={({ lostItem }) => (
        <section class="page">
          <h1>{lostItem.title}</h1>
          <p class="lead">{lostItem.intro}</p>
          <RegistryForm
            resource={lostItems}
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
              boarding_time: m.boardingTimes,
            }}
            sentMessage={lostItem.sent}
          />
        </section>
      )}
    />
  );
}
