import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

/**
 * The GraphQL documents of Keel's deposit accounts (issue 16): /keel-checking's accounts and transfers,
 * the Send money form's vendors, limits and transfers, and /apply's application.
 */

const KEEL_ACCOUNT_FIELDS = graphql(`
  fragment KeelAccountFields on ProviderBankAccount {
    id
    name
    accountNumber
    routingNumber
    currentBalance
    availableBalance
    accountType
    status
    openedOn
    accountYield {
      apy
      amount
    }
  }
`);

/** A Keel deposit account as the pages show it: the account number comes masked from the server. */
export type KeelAccount = ResultOf<typeof KEEL_ACCOUNT_FIELDS>;

/** {product}Accounts(entityId) (spec §7): the company's Keel accounts, oldest first. */
export const KEEL_ACCOUNTS_QUERY = graphql(
  `
  query KeelAccounts($entityId: ID!) {
    providerBankAccounts(entityId: $entityId) {
      ...KeelAccountFields
    }
  }
`,
  [KEEL_ACCOUNT_FIELDS],
);

const TRANSFER_FIELDS = graphql(`
  fragment TransferFields on BankTransfer {
    id
    accountId
    rail
    status
    amount
    date
    recipientName
    routingNumber
    accountNumber
    memo
    settleAt
    postedAt
    returnedAt
    returnReason
    createdAt
  }
`);

export type KeelTransfer = ResultOf<typeof TRANSFER_FIELDS>;

/** The company's ACH and wire transfers, newest first. */
export const TRANSFERS_QUERY = graphql(
  `
  query KeelTransfers($entityId: ID!) {
    transfers(entityId: $entityId) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

const VENDOR_FIELDS = graphql(`
  fragment VendorFields on Vendor {
    id
    name
    email
    companyName
    vendorType
  }
`);

export type Vendor = ResultOf<typeof VENDOR_FIELDS>;

/** GetVendors (spec §7): the company's payees by name. */
export const VENDORS_QUERY = graphql(
  `
  query GetVendors($entityId: ID!) {
    vendors(entityId: $entityId) {
      ...VendorFields
    }
  }
`,
  [VENDOR_FIELDS],
);

/** tprimeTransferLimits(tprimeAccountId) (spec §7): each rail's daily limit and what is left today. */
export const TRANSFER_LIMITS_QUERY = graphql(`
  query TransferLimits($accountId: ID!) {
    tprimeTransferLimits(tprimeAccountId: $accountId) {
      accountId
      date
      ach {
        dailyLimit
        usedToday
        remainingToday
      }
      wire {
        dailyLimit
        usedToday
        remainingToday
      }
    }
  }
`);

export type TransferLimits = ResultOf<typeof TRANSFER_LIMITS_QUERY>['tprimeTransferLimits'];

/** CreateVendor (spec §7). */
export const CREATE_VENDOR_MUTATION = graphql(
  `
  mutation CreateVendor(
    $entityId: ID!
    $name: String
    $email: String
    $companyName: String
    $notes: String
    $vendorType: String
  ) {
    createVendor(
      entityId: $entityId
      name: $name
      email: $email
      companyName: $companyName
      notes: $notes
      vendorType: $vendorType
    ) {
      ...VendorFields
    }
  }
`,
  [VENDOR_FIELDS],
);

export type CreateVendorVariables = VariablesOf<typeof CREATE_VENDOR_MUTATION>;

/** CreateAchTransfer (spec §7): pending until it posts the next business day. */
export const CREATE_ACH_TRANSFER_MUTATION = graphql(
  `
  mutation CreateAchTransfer(
    $entityId: ID!
    $idempotencyKey: String!
    $accountId: ID
    $vendorId: ID
    $recipientName: String
    $routingNumber: String
    $accountNumber: String
    $amount: Cents
    $date: String
    $memo: String
    $recipientAccountType: String
  ) {
    createAchTransfer(
      entityId: $entityId
      idempotencyKey: $idempotencyKey
      accountId: $accountId
      vendorId: $vendorId
      recipientName: $recipientName
      routingNumber: $routingNumber
      accountNumber: $accountNumber
      amount: $amount
      date: $date
      memo: $memo
      recipientAccountType: $recipientAccountType
    ) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

export type CreateAchTransferVariables = VariablesOf<typeof CREATE_ACH_TRANSFER_MUTATION>;

/** CreateWireTransfer (spec §7): posts the same business day. */
export const CREATE_WIRE_TRANSFER_MUTATION = graphql(
  `
  mutation CreateWireTransfer(
    $entityId: ID!
    $idempotencyKey: String!
    $accountId: ID
    $vendorId: ID
    $recipientName: String
    $routingNumber: String
    $accountNumber: String
    $amount: Cents
    $date: String
    $memo: String
    $recipientAddress: WireRecipientAddressInput
    $bank: WireBankInput
  ) {
    createWireTransfer(
      entityId: $entityId
      idempotencyKey: $idempotencyKey
      accountId: $accountId
      vendorId: $vendorId
      recipientName: $recipientName
      routingNumber: $routingNumber
      accountNumber: $accountNumber
      amount: $amount
      date: $date
      memo: $memo
      recipientAddress: $recipientAddress
      bank: $bank
    ) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

export type CreateWireTransferVariables = VariablesOf<typeof CREATE_WIRE_TRANSFER_MUTATION>;

/** createTprimeApplication (spec §7): approved opens the first checking account at once. */
export const CREATE_APPLICATION_MUTATION = graphql(
  `
  mutation CreateTprimeApplication(
    $entityId: ID!
    $person: ApplicationPersonInput!
    $address: AddressInput!
    $acknowledgedAgreements: Boolean
  ) {
    createTprimeApplication(
      entityId: $entityId
      person: $person
      address: $address
      acknowledgedAgreements: $acknowledgedAgreements
    ) {
      application {
        id
        status
        declineReason
      }
      account {
        ...KeelAccountFields
      }
    }
  }
`,
  [KEEL_ACCOUNT_FIELDS],
);

export type CreateApplicationVariables = VariablesOf<typeof CREATE_APPLICATION_MUTATION>;
export type CreateApplicationResult = ResultOf<typeof CREATE_APPLICATION_MUTATION>;
