import { graphql, type ResultOf } from '../../../lib/graphql';

const PERSON_FIELDS = graphql(`
  fragment ProfilePersonFields on Person {
    userId
    name
    email
    phoneNumber
    physicalAddress {
      streetLine1
      streetLine2
      city
      state
      postalCode
      country
    }
  }
`);

/** The signed-in user as a person (spec §7 MyProfile); `me.name` too, so the user menu follows a save. */
export const MY_PROFILE_QUERY = graphql(
  `
  query MyProfile {
    me {
      id
      name
      phoneNumber
      tprimePerson {
        ...ProfilePersonFields
      }
    }
  }
`,
  [PERSON_FIELDS],
);

export type ProfilePerson = ResultOf<typeof PERSON_FIELDS>;

/**
 * updateTprimePerson (spec §7): the name, the phone and the physical address; the mailing address is
 * sent as null (spec §5). Refusals are BAD_USER_INPUT naming the field in `extensions.field`.
 */
export const UPDATE_PROFILE_MUTATION = graphql(
  `
  mutation UpdateTprimePerson(
    $name: String!
    $phoneNumber: String
    $physicalAddress: AddressInput!
    $mailingAddress: AddressInput
  ) {
    updateTprimePerson(
      name: $name
      phoneNumber: $phoneNumber
      physicalAddress: $physicalAddress
      mailingAddress: $mailingAddress
    ) {
      ...ProfilePersonFields
    }
  }
`,
  [PERSON_FIELDS],
);
