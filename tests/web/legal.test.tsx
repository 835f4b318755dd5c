import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerAccountCalls } from './personal-details-fixtures';
import { renderApp, settingsLoaded, preloadPages } from './helpers';

preloadPages('/privacy-policy', '/terms-and-conditions');

describe('the documents new clients accept', () => {
  it.each([
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-and-conditions', 'Terms and Conditions'],
  ])('%s shows the %s with the company contact from the settings', async (path, title) => {
    answerAccountCalls();
    renderApp(path);
    await settingsLoaded();
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 }));
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('{phone}');
    expect(document.body.textContent).not.toContain('{email}');
  });
});
