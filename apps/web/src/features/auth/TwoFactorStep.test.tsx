import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { OtpChallenge } from './signIn';
import { TwoFactorStep } from './TwoFactorStep';

const challenge: OtpChallenge = {
  email: 'casey@acme-robotics.test',
  method: 'sms',
  phoneNumber: '+*******0134',
  csrfToken: 'csrf-1',
  proof: { kind: 'password', password: 'correct horse battery' },
};

afterEach(() => vi.restoreAllMocks());

function answerSendCode(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(body, { status }));
}

describe('TwoFactorStep', () => {
  it("says text messages are not set up, in the server's words, when the server sends none", async () => {
    const fetchMock = answerSendCode(501, {
      status: 501,
      type: 'feature_unavailable',
      title: 'Not Implemented',
      detail: 'Text messages are not set up on this server',
      feature: 'sms',
    });
    renderWithProviders(<TwoFactorStep challenge={challenge} onVerified={vi.fn()} onBack={vi.fn()} />);
    expect(await screen.findByTestId('sms-unavailable')).toHaveTextContent(
      'Text messages are not set up on this server',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/send_otp_sms', expect.anything());
    expect(screen.queryByText(/Resend code/)).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to send OTP')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it("keeps 'Failed to send OTP' (spec §8) and the code field for any other refusal", async () => {
    answerSendCode(501, { status: 501, type: 'error', title: 'Error', detail: 'Not today' });
    const first = renderWithProviders(
      <TwoFactorStep challenge={challenge} onVerified={vi.fn()} onBack={vi.fn()} />,
    );
    await waitFor(() => expect(screen.getByText('Failed to send OTP')).toBeInTheDocument());
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    first.unmount();
    answerSendCode(501, {
      status: 501,
      type: 'feature_unavailable',
      detail: 'Text messages are not set up on this server',
    });
    renderWithProviders(<TwoFactorStep challenge={challenge} onVerified={vi.fn()} onBack={vi.fn()} />);
    expect(await screen.findByTestId('sms-unavailable')).toBeInTheDocument();
  });
});
