import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { loadChakraTheme } from '../../src/web/components/chakra/chakra-scope';
import { UpdatePrompt } from '../../src/web/pwa/update-prompt';
import { announceUpdate, resetUpdateState } from '../../src/web/pwa/update-store';
import { isBookingFlowPath } from '../../src/web/config/routes';

/**
 * Any path, with a link out of the booking flow, as the app's layout would give. No Chakra
 * provider around it, as in the app: the prompt brings its own (components/chakra/chakra-scope.tsx).
 */
function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Link to="/">Leave the flow</Link>
              <UpdatePrompt />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

// The prompt's card and Chakra load on demand; loaded here first, a prompt that should stay
// hidden would have had every chance to show by the time a test looks for it.
beforeAll(async () => {
  await Promise.all([import('../../src/web/pwa/update-card'), loadChakraTheme()]);
});

/** Lets a lazy part that could render do so. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

afterEach(() => resetUpdateState());

describe('update prompt', () => {
  it('announces a waiting version with a Reload button that applies it', async () => {
    const apply = vi.fn();
    renderAt('/');
    expect(screen.queryByText('A new version is available')).toBeNull();
    act(() => announceUpdate(apply));
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it.each([
    '/quotationview',
    '/personalDetailView',
    '/paymentview',
    '/stripecheckout',
    '/checkout',
  ])('stays hidden on the booking step %s and shows once the visitor leaves', async (path) => {
    renderAt(path);
    act(() => announceUpdate(vi.fn()));
    await settle();
    expect(screen.queryByText('A new version is available')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Leave the flow' }));
    expect(await screen.findByText('A new version is available')).toBeTruthy();
  });

  it('recognises the flow paths whatever their case or trailing slash', () => {
    expect(isBookingFlowPath('/PaymentView/')).toBe(true);
    expect(isBookingFlowPath('/personaldetailview')).toBe(true);
    expect(isBookingFlowPath('/')).toBe(false);
    expect(isBookingFlowPath('/payment-success')).toBe(false);
  });
});
