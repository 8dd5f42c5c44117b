// A public form generated from a registry entry (lost-item reports, enquiries): its fields, required
// flags, checks (shared/field-rules.ts, as the server's) and API path all come from shared/; labels come
// from the page texts.
import { useState } from 'preact/hooks';
import { operationPath } from '../../shared/api-paths.ts';
import { fieldProblem } from '../../shared/field-rules.ts';
import type { ResourceDef } from '../../shared/registry/types.ts';
import { normalizePhone } from '../../shared/rules.ts';
import { ApiError, sendJson } from '../lib/api.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { RegistryField } from './RegistryField.tsx';

interface Props {
  resource: ResourceDef;
  sections: { title?: string; fields: string[] }[];
  labels: Record<string, string>;
  choiceLabels?: Record<string, Record<string, string>>;
  sentMessage: string;
}

type Status = 'idle' | 'sending' | 'sent' | 'missing' | 'invalid' | 'failed' | 'tooMany';

export function RegistryForm({ resource, sections, labels, choiceLabels, sentMessage }: Props) {
  const { m } = useI18n();
  const names = sections.flatMap((section) => section.fields);
  const blank = () => Object.fromEntries(names.map((name) => [name, '']));
  const [values, setValues] = useState<Record<string, string>>(blank);
  const [status, setStatus] = useState<Status>('idle');

  /** A filled-in field the server would refuse: its kind's hint (a blank one is the required check's). */
  const fieldError = (name: string): string | undefined => {
    const field = resource.fields[name];
    if (!values[name].trim() || !fieldProblem(field, values[name])) return undefined;
    const hints: Partial<Record<string, string>> = {
      phone: m.passenger.phoneHint,
      email: m.passenger.emailHint,
    };
    return hints[field.kind] ?? m.forms.invalid;
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (names.some((name) => resource.fields[name].required && !values[name].trim()))
      return setStatus('missing');
    if (names.some(fieldError)) return setStatus('invalid');
    const payload: Record<string, string> = {};
    for (const name of names) {
      const value = values[name].trim();
      if (value) payload[name] = resource.fields[name].kind === 'phone' ? normalizePhone(value) : value;
    }
    setStatus('sending');
    try {
      await sendJson('POST', operationPath(resource, 'create'), payload);
      setValues(blank());
      setStatus('sent');
    } catch (error) {
      const code = error instanceof ApiError ? error.status : 0;
      setStatus(code === 429 ? 'tooMany' : code === 400 ? 'invalid' : 'failed');
    }
  };

  const problems: Partial<Record<Status, string>> = {
    missing: m.forms.missing,
    invalid: m.forms.invalid,
    failed: m.forms.failed,
    tooMany: m.common.tooManyRequests,
  };
  return (
    <form class="card" onSubmit={onSubmit} noValidate>
      {sections.map((section, index) => (
        <fieldset key={section.title ?? index}>
          {section.title && <legend>{section.title}</legend>}
          {section.fields.map((name) => (
            <RegistryField
              key={name}
              name={name}
              def={resource.fields[name]}
              label={labels[name] ?? name}
              value={values[name]}
              onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
              choiceLabels={choiceLabels?.[name]}
              error={fieldError(name)}
            />
          ))}
        </fieldset>
      ))}
      {problems[status] && (
        <p class="message error" role="alert">
          {problems[status]}
        </p>
      )}
      {status === 'sent' && (
        <p class="message success" role="status">
          {sentMessage}
        </p>
      )}
      <button type="submit" class="button" disabled={status === 'sending'}>
        {status === 'sending' ? m.forms.sending : m.forms.submit}
      </button>
    </form>
  );
}
