import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { ProfilePage } from './ProfilePage';
import { MY_PROFILE_QUERY, UPDATE_PROFILE_MUTATION } from './profileQueries';

const address = {
  __typename: 'Address' as const,
  streetLine1: '500 Howard St',
  streetLine2: 'Suite 300',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'United States',
};

const person = {
  __typename: 'Person' as const,
  userId: 'u1',
  name: 'Dana Demo',
  email: 'demo@keel.test',
  phoneNumber: '+14155550134',
  physicalAddress: address,
};

const profileMock: MockLink.MockedResponse = {
  request: { query: MY_PROFILE_QUERY },
  result: {
    data: {
      me: {
        __typename: 'Me',
        id: 'u1',
        name: 'Dana Demo',
        phoneNumber: '+14155550134',
        tprimePerson: person,
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderPage(mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={[profileMock, ...mocks]}>
        <ProfilePage />
      </MockedProvider>
    </MantineProvider>,
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label });

async function startEditing() {
  renderPage();
  await waitFor(() => expect(field('Full name')).toHaveValue('Dana Demo'));
  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
}

describe('ProfilePage', () => {
  it('shows the saved information read-only, the email and country fixed', async () => {
    renderPage();
    await waitFor(() => expect(field('Full name')).toHaveValue('Dana Demo'));
    expect(field('Full name')).toHaveAttribute('readonly');
    expect(field('Phone number')).toHaveValue('(415) 555-0134');
    expect(field('Street line 1')).toHaveValue('500 Howard St');
    expect(field('Zip code')).toHaveValue('94105');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('CA · California');
    expect(field('Email')).toHaveValue('demo@keel.test');
    expect(field('Country')).toHaveValue('United States');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('bounds every text input', async () => {
    await startEditing();
    expect(field('Full name')).toHaveAttribute('maxlength', '100');
    expect(field('Phone number')).toHaveAttribute('maxlength', '32');
    expect(field('Street line 1')).toHaveAttribute('maxlength', '100');
    expect(field('Street line 2')).toHaveAttribute('maxlength', '100');
    expect(field('City')).toHaveAttribute('maxlength', '60');
    expect(field('Zip code')).toHaveAttribute('maxlength', '5');
  });

  it("says what is wrong in the spec's words and sends nothing", async () => {
    const saved = vi.fn();
    renderPage([{ request: { query: UPDATE_PROFILE_MUTATION, variables: () => true }, result: saved }]);
    await waitFor(() => expect(field('Full name')).toHaveValue('Dana Demo'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(field('Full name')).not.toHaveAttribute('readonly');
    fireEvent.change(field('Full name'), { target: { value: '  ' } });
    fireEvent.change(field('Phone number'), { target: { value: '123-456-7890' } });
    fireEvent.change(field('Street line 1'), { target: { value: '' } });
    fireEvent.change(field('City'), { target: { value: '' } });
    fireEvent.change(field('Zip code'), { target: { value: '941' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid Zip code')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
  });

  it('Cancel puts the saved values back and leaves editing', async () => {
    await startEditing();
    fireEvent.change(field('Full name'), { target: { value: 'Someone Else' } });
    fireEvent.change(field('Zip code'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid Zip code')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Full name')).toHaveValue('Dana Demo');
    expect(field('Zip code')).toHaveValue('94105');
    expect(screen.queryByText('Invalid Zip code')).not.toBeInTheDocument();
    expect(field('Full name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('saves the profile (phone as +1…, mailing address null) and says so', async () => {
    const saved = vi.fn(() => ({
      data: { updateTprimePerson: { ...person, name: 'Dana Q. Demo', phoneNumber: '+12125550199' } },
    }));
    renderPage([
      {
        request: {
          query: UPDATE_PROFILE_MUTATION,
          variables: {
            name: 'Dana Q. Demo',
            phoneNumber: '+12125550199',
            physicalAddress: {
              streetLine1: '500 Howard St',
              streetLine2: 'Suite 300',
              city: 'San Francisco',
              state: 'CA',
              postalCode: '94105',
            },
            mailingAddress: null,
          },
        },
        result: saved,
      },
    ]);
    await waitFor(() => expect(field('Full name')).toHaveValue('Dana Demo'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(field('Full name'), { target: { value: 'Dana Q. Demo' } });
    fireEvent.change(field('Phone number'), { target: { value: '+1 212 555 0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(saved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(field('Full name')).toHaveAttribute('readonly'));
    expect(field('Phone number')).toHaveValue('(212) 555-0199');
  });

  it("shows the server's refusal under the field it names", async () => {
    renderPage([
      {
        request: { query: UPDATE_PROFILE_MUTATION, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Invalid', {
              extensions: { code: 'BAD_USER_INPUT', field: 'physicalAddress.state' },
            }),
          ],
        },
      },
    ]);
    await waitFor(() => expect(field('Full name')).toHaveValue('Dana Demo'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it("shows 'Error' when the profile cannot be loaded", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider theme={theme} env="test">
        <MockedProvider mocks={[{ request: { query: MY_PROFILE_QUERY }, error: new Error('Network down') }]}>
          <ProfilePage />
        </MockedProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
