import { normaliseDate, UK_TIME_ZONE } from '../../../domain/time';
import { londonDateAndMinute } from '../../../domain/uk-time';

/**
 * Formatting for messages people read: en-GB long dates, 24-hour times, and HTML escaping for
 * every value that came from a visitor or an operator. Money is domain/money.ts's.
 */

/** Weekday, day, month and year names in English as people in the UK write them. */
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '2026-11-21' -> 'Saturday 21 November 2026'; text that is not a date is returned as is. */
export function formatLongDate(isoDate: string): string {
  const normal = normaliseDate(isoDate);
  if (!normal) return isoDate;
  const [y, m, d] = normal.split('-').map(Number) as [number, number, number];
  // A calendar date, not an instant: noon UTC is the same date in London in any season.
  const parts = LONG_DATE.formatToParts(new Date(Date.UTC(y, m - 1, d, 12)));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${d} ${part('month')} ${y}`;
}

/** '9:05' or '09:05:00' -> '09:05'; anything else is returned as is. */
export function formatTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : time;
}

/**
 * An instant in UK local time, e.g. 'Saturday 21 November 2026, 14:30' (when a booking was
 * made, a payment taken). Text that is not an instant gives ''.
 */
export function formatLondonDateTime(instant: Date | string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return '';
  const { date, minuteOfDay } = londonDateAndMinute(at);
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const mm = String(minuteOfDay % 60).padStart(2, '0');
  return `${formatLongDate(date)}, ${hh}:${mm}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A labelled line of a message; a row with an empty value is left out by the renderers. */
export interface MailRow {
  label: string;
  value: string;
  /** A web address the value links to (a map); the text body shows it after the value. */
  link?: string;
}

/** A titled group of rows, e.g. 'Outward journey'. */
export interface MailSection {
  title: string;
  rows: MailRow[];
}

/** The operator's phone and email (Company_Contact_Info and FROM_EMAIL settings). */
export interface CompanyContact {
  companyPhone: string;
  companyEmail: string;
}

/** The 'Contact us' section every mail to a customer ends with. */
export function contactSection(company: CompanyContact): MailSection {
  return {
    title: 'Contact us',
    rows: [
      { label: 'Phone', value: company.companyPhone },
      { label: 'Email', value: company.companyEmail },
    ],
  };
}

/** The "Manage your booking" link every booking mail to the passenger carries. */
export function manageSection(manageUrl: string | undefined): MailSection[] {
  if (!manageUrl) return [];
  return [
    {
      title: 'Manage your booking',
      rows: [
        {
          label: 'Your booking page',
          value: 'See its status, change or cancel it, or get a receipt',
          link: manageUrl,
        },
      ],
    },
  ];
}

/** Plain-text body: a heading, intro lines, then each section as 'Label: value' lines. */
export function renderText(
  heading: string,
  intro: string[],
  sections: MailSection[],
  outro: string[],
): string {
  const parts = [heading, '', ...intro];
  for (const section of sections) {
    const rows = section.rows.filter((row) => row.value !== '');
    if (rows.length === 0) continue;
    parts.push('', section.title, '-'.repeat(section.title.length));
    for (const row of rows) {
      parts.push(`${row.label}: ${row.value}${row.link ? ` ${row.link}` : ''}`);
    }
  }
  if (outro.length > 0) parts.push('', ...outro);
  return `${parts.join('\n')}\n`;
}

/** HTML body with the same content as renderText, every value escaped. */
export function renderHtml(
  heading: string,
  intro: string[],
  sections: MailSection[],
  outro: string[],
): string {
  const body: string[] = [`<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`];
  for (const line of intro) body.push(`<p>${escapeHtml(line)}</p>`);
  for (const section of sections) {
    const rows = section.rows.filter((row) => row.value !== '');
    if (rows.length === 0) continue;
    body.push(`<h2 style="font-size:16px;margin-top:24px">${escapeHtml(section.title)}</h2>`);
    body.push('<table role="presentation" cellpadding="4" style="border-collapse:collapse">');
    for (const row of rows) {
      const value = row.link
        ? `<a href="${escapeHtml(row.link)}">${escapeHtml(row.value)}</a>`
        : escapeHtml(row.value);
      body.push(
        `<tr><th align="left" style="padding-right:16px;font-weight:600">${escapeHtml(row.label)}</th><td>${value}</td></tr>`,
      );
    }
    body.push('</table>');
  }
  for (const line of outro) body.push(`<p>${escapeHtml(line)}</p>`);
  return `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c">\n${body.join('\n')}\n</body></html>\n`;
}
