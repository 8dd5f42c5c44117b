// A public form generated from a registry entry (lost-item reports, enquiries): its fields, required
// flags, checks (shared/field-rules.ts, as the server's) and API path all come from shared/; labels come
// from the page texts. Required fields are marked; a send refused here marks each field at fault (its
// message, aria-invalid) and moves focus to the first of them. A form the server could not take because too
// many arrive keeps what was typed and says when to send it again (FormRefused).
import { useEffect, useRef, useState } from 'preact/hooks';
import { operationPath } from '../../shared/api-paths.ts';
import { fieldProblem } from '../../shared/field-rules.ts';
import type { ResourceDef } from '../../shared/registry/types.ts';
import { normalizePhone } from '../../shared/rules.ts';
import { ApiError, sendJson } from '../lib/api.ts';
import { type FormRefusal, formRefusalOf } from '../lib/form-refusal.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useOperatorContact } from '../lib/use-settings.ts';
import { FormRefused } from './FormRefused.tsx';
import { RegistryField } from './RegistryField.tsx';

interface Props {
  resource: ResourceDef;
  sections: { title?: string; fields: string[] }[];
  labels: Record<string, string>;
  choiceLabels?: Record<string, Record<string, string>>;
  sentMessage: string;
}

type Status = 'idle' | 'sending' | 'sent' | 'missing' | 'invalid' | 'failed' | 'tooMany' | 'refused';

export function RegistryForm({ resource, sections, labels, choiceLabels, sentMessage }: Props) {
  const { m } = useI18n();
  const names = sections.flatMap((section) => section.fields);
  const blank = () => Object.fromEntries(names.map((name) => [name, '']));
  const [values, setValues] = useState<Record<string, string>>(blank);
  const [status, setStatus] = useState<Status>('idle');
  const [refusal, setRefusal] = useState<FormRefusal | null>(null);
  // Fetched with the form, so that a refusal can name the operator's phone at once.
  const operatorPhone = useOperatorContact()?.phone;
  /** Set by a send refused for blank required fields: they say so until they are filled in. */
  const [checkRequired, setCheckRequired] = useState(false);
  /** Counts refused sends, each of which moves focus to the first field at fault. */
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const isMissing = (name: string) => resource.fields[name].required && !values[name].trim();

  /** A blank required field (once a send was refused), or a filled-in one the server would refuse. */
  const fieldError = (name: string): string | undefined => {
    const field = resource.fields[name];
    if (isMissing(name)) return checkRequired ? m.forms.required : undefined;
    if (!values[name].trim() || !fieldProblem(field, values[name])) return undefined;
    const hints: Partial<Record<string, string>> = {
      phone: m.passenger.phoneHint,
      email: m.passenger.emailHint,
    };
    return hints[field.kind] ?? m.forms.invalid;
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const missing = names.some(isMissing);
    if (missing || names.some(fieldError)) {
      setCheckRequired(missing);
      setRefusals((n) => n + 1);
      return setStatus(missing ? 'missing' : 'invalid');
    }
    setCheckRequired(false);
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
      const refused = formRefusalOf(error);
      setRefusal(refused);
      if (refused) return setStatus('refused');
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
    <form class="card" ref={formRef} onSubmit={onSubmit} noValidate>
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
      {status === 'refused' && refusal && <FormRefused refusal={refusal} phone={operatorPhone} />}
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
