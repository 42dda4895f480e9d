import type { MockLink } from '@apollo/client/testing';
import { APPLICATION_MESSAGES } from '@keel/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { accountsMock, depositAccount, ENTITY_ID, renderBanking } from '../banking.testkit';
import { CREATE_APPLICATION_MUTATION } from '../bankingQueries';
import { ApplyPage } from './ApplyPage';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

function type(label: string, value: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Everything the application needs, with the SSN given (the sandbox declines 000000000). */
async function fillApplication(ssn = '123456789') {
  type('Employer Identification Number (EIN)', '987654321');
  type('Date of birth', '1985-12-10');
  type('Social security number', ssn);
  fireEvent.click(screen.getByLabelText('I am a US citizen or resident'));
  type('Street line 1', '1 Market St');
  type('City', 'San Francisco');
  fireEvent.click(field('State'));
  fireEvent.click(await screen.findByRole('option', { name: 'CA · California' }));
  type('Zip code', '94105');
  fireEvent.click(screen.getByLabelText(/I have read and agree to the/));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Open account' }));

function applicationMock(
  result: MockLink.MockedResponse['result'],
  seen: (variables: Record<string, unknown>) => void = () => undefined,
): MockLink.MockedResponse {
  return {
    request: {
      query: CREATE_APPLICATION_MUTATION,
      variables: (variables) => {
        seen(variables);
        return true;
      },
    },
    result,
  };
}

function outcome(status: 'approved' | 'declined', declineReason: string | null = null) {
  return {
    data: {
      createTprimeApplication: {
        __typename: 'CreateTprimeApplicationPayload',
        application: { __typename: 'BankApplication', id: 'app1', status, declineReason },
        account: status === 'approved' ? depositAccount({ currentBalance: 0, availableBalance: 0 }) : null,
      },
    },
  };
}

function renderApply(
  mocks: MockLink.MockedResponse[],
  viewerRole = 'owner',
  accounts = [] as ReturnType<typeof depositAccount>[],
) {
  renderBanking(<ApplyPage />, { mocks: [accountsMock(accounts), ...mocks], viewerRole, route: '/apply' });
}

describe('ApplyPage', () => {
  it("checks the application with the spec's messages, the applicant's name, email and phone filled in", async () => {
    const sent = vi.fn();
    renderApply([applicationMock(outcome('approved'), sent)]);
    await screen.findByRole('form', { name: 'Account application' });
    expect(field('First name')).toHaveValue('Dana');
    expect(field('Last name')).toHaveValue('Reyes');
    expect(field('Email')).toHaveValue('dana@acme.test');
    expect(field('Social security number')).toHaveAttribute('type', 'password');
    submit();
    expect(await screen.findByText(APPLICATION_MESSAGES.agreements)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.citizen)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.ssnLength)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.dateOfBirth)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.einRequired)).toBeInTheDocument();
    // The EIN box keeps digits only and shows them as XX-XXXXXXX; too few is refused.
    type('Employer Identification Number (EIN)', '98-76x54');
    expect(field('Employer Identification Number (EIN)')).toHaveValue('98-7654');
    expect(await screen.findByText(APPLICATION_MESSAGES.einLength)).toBeInTheDocument();
    // The ZIP code box keeps digits only.
    type('Zip code', '9a4-1 05');
    expect(field('Zip code')).toHaveValue('94105');
    type('Social security number', '12345678a');
    expect(await screen.findByText(APPLICATION_MESSAGES.ssnNumeric)).toBeInTheDocument();
    type('Phone number', '12');
    expect(await screen.findByText(APPLICATION_MESSAGES.phone)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('opens the account and goes to /keel-checking with it on approval', async () => {
    const sent = vi.fn();
    renderApply([applicationMock(outcome('approved'), sent)]);
    await screen.findByRole('form', { name: 'Account application' });
    await fillApplication();
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/keel-checking'));
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      JSON.stringify({ openedAccountId: 'a1' }),
    );
    expect(sent).toHaveBeenCalledWith({
      entityId: ENTITY_ID,
      person: {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@acme.test',
        phoneNumber: '+14155550134',
        dateOfBirth: '1985-12-10',
        citizen: true,
        tin: '123456789',
        ein: '987654321',
      },
      address: {
        streetLine1: '1 Market St',
        streetLine2: null,
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
      },
      acknowledgedAgreements: true,
    });
  });

  it('says why an application was declined and keeps the form', async () => {
    const reason = 'We could not verify your identity. Contact support to continue.';
    renderApply([applicationMock(outcome('declined', reason))]);
    await screen.findByRole('form', { name: 'Account application' });
    await fillApplication('000000000');
    submit();
    const declined = await screen.findByTestId('application-declined');
    expect(declined).toHaveTextContent('We could not open your account');
    expect(declined).toHaveTextContent(reason);
    expect(screen.getByTestId('location')).toHaveTextContent('/apply');
  });

  it('shows a refusal under the field the server names', async () => {
    renderApply([
      applicationMock({
        errors: [
          new GraphQLError('You must be at least 18 years old to open an account', {
            extensions: { code: 'BAD_USER_INPUT', field: 'person.dateOfBirth' },
          }),
        ],
      }),
    ]);
    await screen.findByRole('form', { name: 'Account application' });
    await fillApplication();
    submit();
    expect(
      await screen.findByText('You must be at least 18 years old to open an account'),
    ).toBeInTheDocument();
    expect(field('Date of birth')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells a company that already has an account where it is', async () => {
    renderApply([], 'owner', [depositAccount()]);
    const notice = await screen.findByTestId('apply-already-open');
    expect(notice).toHaveTextContent('Acme Robotics already has a Keel account');
    expect(within(notice).getByRole('link', { name: 'Go to Keel Accounts' })).toHaveAttribute(
      'href',
      '/keel-checking',
    );
    expect(screen.queryByRole('form', { name: 'Account application' })).not.toBeInTheDocument();
  });

  it('tells a bookkeeper who can open the account', async () => {
    renderApply([], 'bookkeeper');
    expect(await screen.findByTestId('apply-blocked')).toHaveTextContent(
      'Only owners and admins can manage the company. Ask one of them to open a Keel account for Acme Robotics.',
    );
    expect(screen.queryByRole('form', { name: 'Account application' })).not.toBeInTheDocument();
  });
});
