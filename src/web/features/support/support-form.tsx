import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { SUPPORT_MESSAGE_LIMITS, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, supportMessageRequestSchema, type SupportMessageRequest } from '../../../shared/contracts/support';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { requestJson, serverMessage } from '../../lib/api-request';
import { fieldErrors, hasErrors } from '../../lib/form-errors';

const EMPTY = { email: '', name: '', topic: '', message: '' };

/** The Support page's message form: checked here with the server's own rules, sent to the support inbox. */
export function SupportForm() {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const ids = { topic: useId(), message: useId(), messageError: useId(), topicError: useId() };
  const request = () => ({ email: values.email.trim(), topic: values.topic, message: values.message, ...(values.name.trim() ? { name: values.name.trim() } : {}) });
  const errors = submitted ? fieldErrors(supportMessageRequestSchema, { ...values, ...request() }) : {};
  const send = useMutation({ mutationFn: (body: SupportMessageRequest) => requestJson<{ message: string }>('POST', '/api/support/messages', body) });

  if (send.isSuccess)
    return (
      <Alert tone="success" title="Message sent">
        {send.data.message}
      </Alert>
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(fieldErrors(supportMessageRequestSchema, request()))) return;
    send.mutate(request() as SupportMessageRequest);
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const controlClass = (error: string | undefined) =>
    `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 ${error ? 'border-red-500' : 'border-slate-300'}`;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Write to support" className="space-y-5">
      {send.isError && <Alert tone="error">{serverMessage(send.error) ?? 'Your message could not be sent. Please try again.'}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} hint="We answer here." />
        <Field label="Your name (optional)" name="name" autoComplete="name" maxLength={SUPPORT_MESSAGE_LIMITS.name} value={values.name} onChange={set('name')} error={errors.name} />
      </div>
      <div>
        <label htmlFor={ids.topic} className="block text-sm font-medium text-slate-800">
          What is it about?
        </label>
        <select id={ids.topic} value={values.topic} onChange={set('topic')} aria-invalid={Boolean(errors.topic)} aria-describedby={errors.topic ? ids.topicError : undefined} className={controlClass(errors.topic)}>
          <option value="">Choose a topic</option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {SUPPORT_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
        {errors.topic && (
          <p id={ids.topicError} className="mt-1 text-sm text-red-700">
            {errors.topic}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-sm font-medium text-slate-800">
          Your message
        </label>
        <textarea
          id={ids.message}
          rows={6}
          maxLength={SUPPORT_MESSAGE_LIMITS.message.max}
          value={values.message}
          onChange={set('message')}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={errors.message ? ids.messageError : undefined}
          className={controlClass(errors.message)}
        />
        {errors.message && (
          <p id={ids.messageError} className="mt-1 text-sm text-red-700">
            {errors.message}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">Say what you tried and what you saw; an error message or the page address helps most. Never send passwords or tokens.</p>
      </div>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending && <Spinner className="h-4 w-4" />}
        Send message
      </Button>
    </form>
  );
}
