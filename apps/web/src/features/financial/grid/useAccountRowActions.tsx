import { useMutation } from '@apollo/client/react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import { REPORT_MUTATION_OPTIONS } from '../reportQuery';
import type { ReportSelectionControls } from '../reportSelection';
import {
  ADJUST_FORECAST_CELL_MUTATION,
  CREATE_ACCOUNT_MUTATION,
  DELETE_ACCOUNT_MUTATION,
  SET_ACCOUNT_SHOWN_WHEN_EMPTY_MUTATION,
  UPDATE_ACCOUNT_MUTATION,
} from './accountMutations';
import { movedRowKey, newSubAccountName } from './newAccountName';

type AccountRowActionsInput = {
  entityId: string;
  report: ReportViewData;
  accountsById: ReadonlyMap<string, ReportAccountView>;
  controls: ReportSelectionControls;
  selectedColumn: ReportColumnView | undefined;
  /** Opens a row (the new sub-account's parent) and brings a row key into view once it shows. */
  revealRow(parentRowId: string, key: string): void;
};

type AccountRowActions = {
  addSubAccount(row: ReportLineItemView): Promise<void>;
  renameAccount(row: ReportLineItemView, name: string): Promise<void>;
  confirmDeleteAccount(row: ReportLineItemView): void;
  /** Keeps the account in view while empty (true) or lets it hide with the other empty ones (false). */
  setShownWhenEmpty(row: ReportLineItemView, shown: boolean): Promise<void>;
  /** Adds `amount` (units with cents, debit-positive) to the cell's Adjustment forecast. */
  adjustForecastCell(row: ReportLineItemView, column: ReportColumnView, amount: number): Promise<void>;
};

function failure(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** The row menu's and the inline editor's writes; each refetches the report, a failure changes nothing. */
export function useAccountRowActions(input: AccountRowActionsInput): AccountRowActions {
  const { entityId, report, accountsById, controls, selectedColumn } = input;
  const [createAccount] = useMutation(CREATE_ACCOUNT_MUTATION, REPORT_MUTATION_OPTIONS);
  const [updateAccount] = useMutation(UPDATE_ACCOUNT_MUTATION, REPORT_MUTATION_OPTIONS);
  const [deleteAccount] = useMutation(DELETE_ACCOUNT_MUTATION, {
    ...REPORT_MUTATION_OPTIONS,
    // A query still open on the deleted account (the drawer's entries) fails to refetch: that is the
    // query's error to show, not the delete's, which has happened.
    onQueryUpdated: (query) => query.refetch().catch(() => undefined),
  });
  const [adjustForecastCell] = useMutation(ADJUST_FORECAST_CELL_MUTATION, REPORT_MUTATION_OPTIONS);
  const [setShownWhenEmpty] = useMutation(SET_ACCOUNT_SHOWN_WHEN_EMPTY_MUTATION, {
    refetchQueries: ['Report'],
    awaitRefetchQueries: true,
  });

  const select = (key: string) => {
    if (selectedColumn) controls.selectCell(key, selectedColumn);
    else controls.selectRow(key);
  };
  /** Moves a selection at or below `fromPath` to `toPath`; whether it moved. */
  const followMove = (fromPath: string, toPath: string): boolean => {
    const key = controls.selection.account;
    const moved = key ? movedRowKey(key, fromPath, toPath) : null;
    if (moved !== null) select(moved);
    return moved !== null;
  };

  return {
    async addSubAccount(row) {
      const parent = row.accountId ? accountsById.get(row.accountId) : undefined;
      if (!parent) return;
      const siblings = report.accounts.filter((account) => account.parentId === parent.id);
      const name = newSubAccountName(siblings.map((account) => account.name));
      try {
        await createAccount({ variables: { entityId, name, parentId: parent.id, reportId: report.id } });
      } catch (error) {
        failure('Could not add the sub-account', error);
        return;
      }
      const key = `${parent.path}/${name}`;
      controls.selectRow(key);
      input.revealRow(row.id, key);
    },

    async renameAccount(row, name) {
      const account = row.accountId ? accountsById.get(row.accountId) : undefined;
      if (!account || name === account.name) return;
      try {
        await updateAccount({ variables: { id: account.id, name, reportId: report.id } });
      } catch (error) {
        failure('Could not rename the account', error);
        return;
      }
      const parentPath = account.path.slice(0, account.path.length - account.name.length);
      followMove(account.path, `${parentPath}${name}`);
    },

    confirmDeleteAccount(row) {
      const account = row.accountId ? accountsById.get(row.accountId) : undefined;
      if (!account) return;
      const parent = account.parentId ? accountsById.get(account.parentId) : undefined;
      modals.openConfirmModal({
        title: 'Delete Account',
        children: (
          <Text size="sm">
            Delete “{account.name}”? Its entries, forecasts, rules and sub-accounts move to “
            {parent?.name ?? 'its parent'}”.
          </Text>
        ),
        labels: { confirm: 'Delete Account', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          // A selection inside the deleted subtree moves first (sub-accounts go to the parent), so
          // nothing on the page still asks for the deleted account when the report refetches.
          const previous = controls.selection.account;
          const followed = parent ? followMove(account.path, parent.path) : false;
          try {
            const { data } = await deleteAccount({ variables: { id: account.id } });
            const moved = data?.deleteAccount.movedEntryCount ?? 0;
            notifications.show({
              message: `Deleted ${account.name}; ${moved} ${moved === 1 ? 'entry' : 'entries'} moved to ${
                data?.deleteAccount.parent.name ?? 'its parent'
              }`,
            });
          } catch (error) {
            if (followed && previous) select(previous);
            failure('Could not delete the account', error);
          }
        },
      });
    },

    async setShownWhenEmpty(row, shown) {
      const account = row.accountId ? accountsById.get(row.accountId) : undefined;
      if (!account) return;
      // Hiding the selected row: the selection moves to its parent, so the row can go.
      const selected = controls.selection.account;
      const parent = account.parentId ? accountsById.get(account.parentId) : undefined;
      if (!shown && parent && selected !== null && selected === account.path) select(parent.path);
      try {
        await setShownWhenEmpty({ variables: { id: account.id, shown, reportId: report.id } });
      } catch (error) {
        failure(shown ? 'Could not keep the account shown' : 'Could not hide the account', error);
        return;
      }
      notifications.show({
        message: shown
          ? `${account.name} stays in the report while it is empty`
          : `${account.name} is hidden while it is empty (Column options › Empty Accounts shows it)`,
      });
    },

    async adjustForecastCell(row, column, amount) {
      if (!row.accountId) return;
      try {
        await adjustForecastCell({
          variables: { entityId, reportId: report.id, accountId: row.accountId, date: column.key, amount },
        });
      } catch (error) {
        failure('Could not save the forecast', error);
      }
    },
  };
}
