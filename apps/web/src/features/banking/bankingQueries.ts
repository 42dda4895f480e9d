import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

/**
 * The GraphQL documents of Keel's deposit accounts: /keel-checking's accounts and transfers,
 * the Send money form's vendors, limits and transfers, and /apply's application.
 */

const DEPOSIT_ACCOUNT_FIELDS = graphql(`
  fragment DepositAccountFields on ProviderBankAccount {
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
    mirroredAt
    mirrorError
  }
`);

/** A Keel deposit account as the pages show it: the account number comes masked from the server. */
export type DepositAccount = ResultOf<typeof DEPOSIT_ACCOUNT_FIELDS>;

/** {product}Accounts(entityId) (spec §7): the company's deposit accounts, oldest first. */
export const DEPOSIT_ACCOUNTS_QUERY = graphql(
  `
  query KeelAccounts($entityId: ID!) {
    providerBankAccounts(entityId: $entityId) {
      ...DepositAccountFields
    }
  }
`,
  [DEPOSIT_ACCOUNT_FIELDS],
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
    fee
    handOverAt
    handedOverAt
    expectedArrival
    cancellable
    approvable
    createdByName
    approvedByName
    approvedAt
    canceledAt
    cancelReason
    receiptUrl
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

const TRANSFER_RAIL_LIMIT_FIELDS = graphql(`
  fragment TransferRailLimitFields on TransferRailLimit {
    dailyLimit
    usedToday
    remainingToday
  }
`);

/** tprimeTransferLimits(tprimeAccountId) (spec §7): each rail's daily limit and what is left today. */
export const TRANSFER_LIMITS_QUERY = graphql(
  `
  query TransferLimits($accountId: ID!) {
    tprimeTransferLimits(tprimeAccountId: $accountId) {
      accountId
      date
      ach {
        ...TransferRailLimitFields
      }
      wire {
        ...TransferRailLimitFields
      }
    }
  }
`,
  [TRANSFER_RAIL_LIMIT_FIELDS],
);

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

const TRANSFER_REVIEW_FIELDS = graphql(`
  fragment TransferReviewFields on TransferReview {
    rail
    accountId
    accountName
    amount
    fee
    total
    recipientName
    recipientAccountLast4
    routingNumber
    bankName
    date
    processingDay
    handOverAt
    expectedArrival
    needsApproval
    approvalThreshold
    availableAfter
  }
`);

/** What a transfer would be, checked by the server as the create mutation checks it: nothing is written. */
export type TransferReview = ResultOf<typeof TRANSFER_REVIEW_FIELDS>;

/** reviewAchTransfer: the Review step of an ACH, with the same arguments as CreateAchTransfer (no key). */
export const REVIEW_ACH_TRANSFER_QUERY = graphql(
  `
  query ReviewAchTransfer(
    $entityId: ID!
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
    reviewAchTransfer(
      entityId: $entityId
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
      ...TransferReviewFields
    }
  }
`,
  [TRANSFER_REVIEW_FIELDS],
);

export type ReviewAchTransferVariables = VariablesOf<typeof REVIEW_ACH_TRANSFER_QUERY>;

/** reviewWireTransfer: the Review step of a wire, with the same arguments as CreateWireTransfer (no key). */
export const REVIEW_WIRE_TRANSFER_QUERY = graphql(
  `
  query ReviewWireTransfer(
    $entityId: ID!
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
    reviewWireTransfer(
      entityId: $entityId
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
      ...TransferReviewFields
    }
  }
`,
  [TRANSFER_REVIEW_FIELDS],
);

export type ReviewWireTransferVariables = VariablesOf<typeof REVIEW_WIRE_TRANSFER_QUERY>;

/** cancelTransfer: a transfer awaiting approval, or pending and not yet handed to the bank, is canceled. */
export const CANCEL_TRANSFER_MUTATION = graphql(
  `
  mutation CancelTransfer($transferId: ID!) {
    cancelTransfer(transferId: $transferId) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

/** approveTransfer: the second approver lets a transfer awaiting approval go. */
export const APPROVE_TRANSFER_MUTATION = graphql(
  `
  mutation ApproveTransfer($transferId: ID!) {
    approveTransfer(transferId: $transferId) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

/** rejectTransfer: a transfer awaiting approval is canceled, with the approver's reason. */
export const REJECT_TRANSFER_MUTATION = graphql(
  `
  mutation RejectTransfer($transferId: ID!, $reason: String) {
    rejectTransfer(transferId: $transferId, reason: $reason) {
      ...TransferFields
    }
  }
`,
  [TRANSFER_FIELDS],
);

const TRANSFER_APPROVAL_POLICY_FIELDS = graphql(`
  fragment TransferApprovalPolicyFields on TransferApprovalPolicy {
    threshold
    canChange
  }
`);

/** The company's second-approver rule: transfers over `threshold` cents wait for another member. */
export const TRANSFER_APPROVAL_POLICY_QUERY = graphql(
  `
  query TransferApprovalPolicy($entityId: ID!) {
    transferApprovalPolicy(entityId: $entityId) {
      ...TransferApprovalPolicyFields
    }
  }
`,
  [TRANSFER_APPROVAL_POLICY_FIELDS],
);

/** setTransferApprovalThreshold (owners): null turns the rule off; answers the rule as the query reads it. */
export const SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION = graphql(
  `
  mutation SetTransferApprovalThreshold($entityId: ID!, $threshold: Cents) {
    setTransferApprovalThreshold(entityId: $entityId, threshold: $threshold) {
      ...TransferApprovalPolicyFields
    }
  }
`,
  [TRANSFER_APPROVAL_POLICY_FIELDS],
);

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
        ...DepositAccountFields
      }
    }
  }
`,
  [DEPOSIT_ACCOUNT_FIELDS],
);

export type CreateApplicationVariables = VariablesOf<typeof CREATE_APPLICATION_MUTATION>;
export type CreateApplicationResult = ResultOf<typeof CREATE_APPLICATION_MUTATION>;
