import {
  type Icon,
  IconBuildingBank,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  IconLock,
  IconMathFunction,
  IconPlugConnected,
  IconReceipt,
  IconReportMoney,
  IconSitemap,
  IconTransfer,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { NavigationIcon } from './navigation';

export const NAVIGATION_ICONS: Record<NavigationIcon, Icon> = {
  report: IconReportMoney,
  hiring: IconSitemap,
  accounts: IconBuildingBank,
  dashboard: IconLayoutDashboard,
  models: IconMathFunction,
  transactions: IconTransfer,
  providerTransactions: IconReceipt,
  documents: IconFileText,
  cards: IconCreditCard,
  profile: IconUserCircle,
  integrations: IconPlugConnected,
  billing: IconCreditCard,
  team: IconUsers,
  security: IconLock,
};
