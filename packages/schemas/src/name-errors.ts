/** Account-name errors. */
export const NAMES = {
  RESOLVE: 'Error resolving name',
  SUGGESTIONS: 'Error fetching name suggestions',
  NAMES_FOR_ADDRESS: 'Error fetching names for address',
  NETWORK_NOT_FOUND: 'Network not found',
  ADDRESS_OR_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  REGISTER: 'Error registering name',
} as const
