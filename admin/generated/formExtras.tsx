// What a few generated forms show beyond their inputs (kept out of screenConfig.ts, which the first chunk
// carries): a timetable's form previews its next dates, and saving one says what became of its trips; an
// origin's or destination's offers to add the town to both lists.
import type { ComponentType, ReactNode } from 'react';
import type { TimetableGeneration } from '../../shared/contract/timetables.ts';
import type { ResourceName } from '../../shared/registry/index.ts';
import { GenerationSummary } from '../timetables/GenerationSummary.tsx';
import { TimetablePreview } from '../timetables/TimetablePreview.tsx';
import { BothListsInput, useCreateTwin } from '../stops/TwinCity.tsx';

interface FormExtras {
  /** Shown below the inputs. */
  Below?: ComponentType;
  /** What the save's answer says, shown with the success banner. */
  saved?: (answer: Record<string, unknown>) => ReactNode;
  /** A hook giving what follows a create, with the body the form sent (an origin's twin destination). */
  useAfterCreate?: () => (sent: Record<string, unknown>) => unknown;
}

const extras: Partial<Record<ResourceName, FormExtras>> = {
  timetables: {
    Below: TimetablePreview,
    saved: (answer) =>
      answer.generation ? <GenerationSummary generation={answer.generation as TimetableGeneration} /> : null,
  },
  origins: { Below: BothListsInput, useAfterCreate: () => useCreateTwin('origins') },
  destinations: { Below: BothListsInput, useAfterCreate: () => useCreateTwin('destinations') },
};

export const formExtras = (resource: string): FormExtras => extras[resource as ResourceName] ?? {};
