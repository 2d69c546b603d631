import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { renderApp } from '../test/render-app';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./support-page');
});

describe('/support', () => {
  it('checks the message with the server\u2019s rules, sends it, and says when to expect an answer', async () => {
    const api = fakeApi({
      'POST /api/support/messages': () => json({ message: 'Thanks, we got your message and will answer ada@example.com within one business day.' }, 202),
    });
    renderApp('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Choose what your question is about')).toBeInTheDocument();
    expect(screen.getByText('Tell us a little more: at least 10 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/support/messages')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'duplicates' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Two contacts were merged that should not have been.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thanks, we got your message and will answer ada@example.com within one business day.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/support/messages')[0]!.body).toEqual({ email: 'ada@example.com', topic: 'duplicates', message: 'Two contacts were merged that should not have been.' });
  });

  it('shows the server\u2019s answer when the message could not be sent', async () => {
    fakeApi({ 'POST /api/support/messages': () => json({ message: 'Too many attempts. Please try again in 40 minutes.', code: 'RATE_LIMITED' }, 429) });
    renderApp('/support');
    fireEvent.change(await screen.findByLabelText('Your email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'A question about something else.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByText('Too many attempts. Please try again in 40 minutes.')).toBeInTheDocument());
  });
});
