/** Internal errors (developer-facing). */
export const INTERNAL = {
  ADAPTER_NOT_FOUND: 'Adapter not found',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  CONNECT_BEFORE_REQUEST: 'Please call connect() before request()',
} as const
