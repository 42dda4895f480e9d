import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PASSWORD, renderSecurity } from './security.testkit';
import { UPDATE_USER_PASSWORD_MUTATION } from './securityQueries';

const NEW_PASSWORD = 'a-brand-new-password-7';

function passwordMock(answer: { errors: string[] } | { networkError: true }, current = PASSWORD) {
  return {
    request: {
      query: UPDATE_USER_PASSWORD_MUTATION,
      variables: { currentPassword: current, newPassword: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    },
    ...('networkError' in answer
      ? { error: new Error('Network down') }
      : {
          result: {
            data: {
              updateUserPassword: {
                __typename: 'UpdateUserPasswordPayload',
                errors: answer.errors,
                success: answer.errors.length === 0,
              },
            },
          },
        }),
  };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

function fill(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
}

function fillForm(current = PASSWORD) {
  fill('Current password', current);
  fill('New password', NEW_PASSWORD);
  fill('Confirm new password', NEW_PASSWORD);
}

afterEach(() => vi.useRealTimers());

describe('PasswordChangeForm', () => {
  it('shows each rule once its field was touched, with the spec’s messages', async () => {
    renderSecurity(<PasswordChangeForm />);
    fireEvent.change(field('New password'), { target: { value: 'short' } });
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();

    fireEvent.blur(field('New password'));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();

    fireEvent.change(field('New password'), { target: { value: 'x'.repeat(129) } });
    expect(await screen.findByText('Password must be less than 128 characters')).toBeInTheDocument();

    fireEvent.change(field('New password'), { target: { value: NEW_PASSWORD } });
    fill('Confirm new password', 'something-else');
    const mismatch = await screen.findByText('Passwords do not match');
    expect(field('Confirm new password')).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(mismatch.id),
    );

    // Fixing the new password to match re-checks the touched confirmation.
    fireEvent.change(field('New password'), { target: { value: 'something-else' } });
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
  });

  it('shows the first error the server returns under the form', async () => {
    renderSecurity(<PasswordChangeForm />, [
      passwordMock({ errors: ['Current password is incorrect', 'Another'] }, 'wrong-password'),
    ]);
    fillForm('wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.queryByText('Another')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong' when the call fails", async () => {
    renderSecurity(<PasswordChangeForm />, [passwordMock({ networkError: true })]);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('toasts the change, then signs out after 2 s and goes to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSecurity(<PasswordChangeForm />, [passwordMock({ errors: [] })]);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Changing password, then logging out')).toBeInTheDocument();
    expect(screen.getByText('Password changed. Please log in again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    expect(screen.queryByText(/Logged out/)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Logged out, next /')).toBeInTheDocument();
  });
});
