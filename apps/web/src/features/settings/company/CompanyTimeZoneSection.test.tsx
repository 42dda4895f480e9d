import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SET_ENTITY_TIME_ZONE_MUTATION } from '../../../shell/shellQueries';
import { renderTeamPage } from '../team/team.testkit';
import { CompanyTimeZoneSection } from './CompanyTimeZoneSection';

const saved = (timeZone: string, today: string) => ({
  request: { query: SET_ENTITY_TIME_ZONE_MUTATION, variables: { entityId: 'e1', timeZone } },
  result: {
    data: {
      setEntityTimeZone: {
        __typename: 'Entity',
        id: 'e1',
        timeZone,
        today,
        updatedAt: '2026-11-22T12:00:00.000Z',
      },
    },
  },
});

/** Opens the picker and chooses a zone by typing part of its name. */
async function pick(search: string, option: RegExp) {
  const user = userEvent.setup({ delay: null });
  const input = screen.getByRole('combobox', { name: 'Time zone' });
  await user.click(input);
  await user.clear(input);
  await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Typing into a list of some 420 zones takes seconds in jsdom on a busy machine. */
const PICKER_TEST_MS = 20_000;

describe('CompanyTimeZoneSection', () => {
  it(
    "shows the company's zone and today; an owner changes it and is told the new today",
    async () => {
      renderTeamPage(<CompanyTimeZoneSection />, { mocks: [saved('America/New_York', '2026-11-22')] });
      expect(screen.getByTestId('company-time-zone-value')).toHaveTextContent(
        /^America\/Los Angeles \(GMT[-−][78]\)$/,
      );
      expect(screen.getByTestId('company-today')).toHaveTextContent('Sunday, November 22, 2026');

      fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
      const save = screen.getByRole('button', { name: 'Save time zone' });
      // Nothing to save until another zone is picked.
      expect(save).toBeDisabled();
      await pick('New York', /^America\/New York/);
      expect(save).toBeEnabled();
      fireEvent.click(save);
      expect(
        await screen.findByText(
          /Time zone saved: America\/New York \(GMT[-−][45]\)\. Today is Sunday, November 22, 2026 there\./,
        ),
      ).toBeInTheDocument();
      // The picker closes; the section shows the zone the shell's entity has.
      await waitFor(() =>
        expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument(),
      );
    },
    PICKER_TEST_MS,
  );

  it(
    "shows the server's refusal and keeps the picker open",
    async () => {
      renderTeamPage(<CompanyTimeZoneSection />, {
        mocks: [
          {
            request: { query: SET_ENTITY_TIME_ZONE_MUTATION, variables: { entityId: 'e1', timeZone: 'UTC' } },
            result: {
              errors: [
                new GraphQLError('Choose a time zone from the list', {
                  extensions: { code: 'BAD_USER_INPUT', field: 'timeZone' },
                }),
              ],
            },
          },
        ],
      });
      fireEvent.click(screen.getByRole('button', { name: 'Change time zone' }));
      await pick('UTC', /^UTC$/);
      fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
      expect(await screen.findByTestId('company-time-zone-error')).toHaveTextContent(
        'Choose a time zone from the list',
      );
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    },
    PICKER_TEST_MS,
  );

  it(
    'lets a bookkeeper read the zone but not change it, saying who can',
    async () => {
      renderTeamPage(<CompanyTimeZoneSection />, { mocks: [], viewerRole: 'bookkeeper' });
      expect(screen.getByTestId('company-time-zone-value')).toHaveTextContent('America/Los Angeles');
      const change = screen.getByRole('button', { name: 'Change time zone' });
      expect(change).toHaveAttribute('aria-disabled', 'true');
      fireEvent.click(change);
      expect(screen.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
      fireEvent.mouseEnter(change);
      expect(
        await screen.findByText("Only owners and admins can change the company's time zone."),
      ).toBeInTheDocument();
    },
    PICKER_TEST_MS,
  );
});
