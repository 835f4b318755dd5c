import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageTemplateEntry } from '../../src/contract/operator-messages';
import { API_PATHS } from '../../src/contract/paths';
import {
  DEFAULT_MESSAGES,
  fillMessage,
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  smsLength,
  type MessageEvent,
  type MessageValues,
} from '../../src/domain/passenger-messages';
import { preloadPages, renderApp } from './helpers';
import { admin, answerOperatorCalls, manager, type SeenRequest } from './operator-fixtures';

preloadPages('/operator/messages');

const SAMPLE: MessageValues = {
  first_name: 'Sarah',
  booking_number: '710000042',
  pickup_time: 'Tuesday 8 December 2026 at 09:30',
  vehicle: 'Mercedes-Benz E-Class',
  registration: 'LB71 XKE',
  driver_first_name: 'James',
  tracking_link: 'https://rides.example/manage-booking/710000042',
  company_phone: '020 3865 4120',
  flight_arrival: '08:45',
};

function entryOf(event: MessageEvent, saved?: Partial<MessageTemplateEntry>): MessageTemplateEntry {
  return {
    event,
    label: MESSAGE_EVENT_LABELS[event],
    ...DEFAULT_MESSAGES[event],
    is_default: true,
    default: DEFAULT_MESSAGES[event],
    updated_at: null,
    updated_by: null,
    ...saved,
  };
}

/** A fake of the Messages API: saves and resets change what it lists; previews fill SAMPLE. */
function messagesServer(options: { refuseFirstSave?: boolean } = {}) {
  const entries = new Map(MESSAGE_EVENTS.map((event) => [event, entryOf(event)]));
  const saves: SeenRequest[] = [];
  let refuse = options.refuseFirstSave ?? false;
  const server = answerOperatorCalls({
    me: admin,
    other: (request) => {
      if (!request.path.startsWith('/operator/messages')) return undefined;
      if (request.path === API_PATHS.operatorMessages) {
        return { body: { success: true, messages: [...entries.values()] } };
      }
      const event = request.path.split('/')[3] as MessageEvent;
      const current = entries.get(event)!;
      if (request.path.endsWith('/preview')) {
        const body = request.body as { subject?: string; intro?: string; sms?: string };
        const fill = (text: string | null | undefined) => (text ? fillMessage(text, SAMPLE) : null);
        const sms = fillMessage(body.sms ?? current.sms, SAMPLE);
        const length = smsLength(sms);
        return {
          body: {
            success: true,
            subject: fill(body.subject ?? current.subject),
            intro: fill(body.intro ?? current.intro),
            sms,
            sms_parts: length.parts,
            sms_characters: length.characters,
          },
        };
      }
      if (request.method === 'PUT') {
        saves.push(request);
        if (refuse) {
          refuse = false;
          const message = 'Unknown placeholder {pickup_date}: use one of {first_name}, …';
          return {
            status: 400,
            body: { success: false, message, errors: [{ path: 'sms', message }] },
          };
        }
        const saved = entryOf(event, {
          ...(request.body as object),
          is_default: false,
          updated_at: '2026-12-07T10:15:00.000Z',
          updated_by: 'Alex Admin',
        });
        entries.set(event, saved);
        return { body: { success: true, template: saved } };
      }
      entries.set(event, entryOf(event));
      return { body: { success: true, template: entries.get(event) } };
    },
  });
  return { server, saves };
}

async function section(name: string) {
  return screen.findByRole('region', { name }, { timeout: 5000 });
}
const sectionOf = async (label: string) =>
  (await screen.findByRole('heading', { level: 2, name: label })).closest('section')!;

describe('the Messages page', () => {
  it('shows each event with its fields, the placeholders and a preview of the sample booking', async () => {
    messagesServer();
    renderApp('/operator/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe(
      '/operator/messages',
    );
    const placeholders = screen.getByRole('list', { name: 'Placeholders' });
    expect(within(placeholders).getByText('{driver_first_name}')).toBeTruthy();
    const assigned = await sectionOf('Driver assigned');
    expect(within(assigned).getByLabelText('Subject')).toHaveProperty(
      'value',
      DEFAULT_MESSAGES.driver_assigned.subject,
    );
    expect(within(assigned).getByLabelText('Opening paragraph')).toBeTruthy();
    expect(within(assigned).getByLabelText('Text message')).toBeTruthy();
    // An event told by text only has no mail fields.
    const onTheWay = await sectionOf('Driver on the way');
    expect(within(onTheWay).queryByLabelText('Subject')).toBeNull();
    expect(within(onTheWay).queryByLabelText('Opening paragraph')).toBeNull();
    const preview = await section('Preview: Driver assigned');
    expect(
      await within(preview).findByText(
        'Your driver is James, in a Mercedes-Benz E-Class with registration LB71 XKE.',
      ),
    ).toBeTruthy();
  });

  it('updates the preview and the SMS parts as the text is typed', async () => {
    messagesServer();
    const app = renderApp('/operator/messages');
    const arrived = await sectionOf('Driver arrived');
    const text = within(arrived).getByLabelText('Text message');
    await app.user.clear(text);
    await app.user.type(text, '{{driver_first_name} is here, {{registration}');
    const preview = await section('Preview: Driver arrived');
    expect(
      await within(preview).findByText('James is here, LB71 XKE', { exact: false }),
    ).toBeTruthy();
    expect(within(preview).getByText('23 characters, 1 SMS part')).toBeTruthy();
    await app.user.type(text, ` ${'x'.repeat(140)}`);
    expect(await within(preview).findByText('164 characters, 2 SMS parts')).toBeTruthy();
  });

  it('saves the wording and says so; Reset to default brings the default back', async () => {
    const { saves } = messagesServer();
    const app = renderApp('/operator/messages');
    const confirmed = await sectionOf('Booking confirmed');
    const subject = within(confirmed).getByLabelText('Subject');
    expect(within(confirmed).getByRole('button', { name: 'Reset to default' })).toHaveProperty(
      'disabled',
      true,
    );
    await app.user.clear(subject);
    await app.user.type(subject, 'All set: {{booking_number}');
    await app.user.click(within(confirmed).getByRole('button', { name: 'Save' }));
    expect(await within(confirmed).findByText('Booking confirmed: saved.')).toBeTruthy();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.path).toBe('/operator/messages/booking_confirmed');
    expect(saves[0]!.body).toEqual({
      subject: 'All set: {booking_number}',
      intro: DEFAULT_MESSAGES.booking_confirmed.intro,
      sms: DEFAULT_MESSAGES.booking_confirmed.sms,
    });
    expect(within(confirmed).getByText(/^Changed by Alex Admin on /)).toBeTruthy();

    const reset = within(confirmed).getByRole('button', { name: 'Reset to default' });
    await waitFor(() => expect(reset).toHaveProperty('disabled', false));
    await app.user.click(reset);
    expect(
      await within(confirmed).findByText('Booking confirmed: back to the default wording.'),
    ).toBeTruthy();
    expect(subject).toHaveProperty('value', DEFAULT_MESSAGES.booking_confirmed.subject);
    expect(within(confirmed).getByText('The default wording.')).toBeTruthy();
  });

  it('refuses an unknown placeholder by name under its field, before sending', async () => {
    const { saves } = messagesServer();
    const app = renderApp('/operator/messages');
    const assigned = await sectionOf('Driver assigned');
    const text = within(assigned).getByLabelText('Text message');
    await app.user.type(text, ' Call {{driver_name}');
    await app.user.click(within(assigned).getByRole('button', { name: 'Save' }));
    const error = await within(assigned).findByText(
      /^Unknown placeholder \{driver_name\}: use one of/,
    );
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toBe(error.id);
    expect(saves).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names', async () => {
    const { saves } = messagesServer({ refuseFirstSave: true });
    const app = renderApp('/operator/messages');
    const moved = await sectionOf('Pickup moved for a flight');
    await app.user.click(within(moved).getByRole('button', { name: 'Save' }));
    const text = within(moved).getByLabelText('Text message');
    expect(
      await within(moved).findByText(
        'Unknown placeholder {pickup_date}: use one of {first_name}, …',
      ),
    ).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({ sms: DEFAULT_MESSAGES.pickup_moved.sms });
  });

  it('is offered to the admin alone in the console’s navigation', async () => {
    answerOperatorCalls({ me: manager });
    renderApp('/operator/bookings');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Messages' })).toBeNull();
  });
});
