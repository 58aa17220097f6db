import type { KpnThingsSettings } from '@shared/schemas/kpn-things';

export const EMPTY_SETTINGS: KpnThingsSettings = {
  client_id: '',
  client_secret: null,
  client_secret_set: false,
  kpn_tenant_id: '',
  application_id: '',
  project_id: '',
  device_group_id: '',
  things_plug_uuid: null,
  things_shared_secret: null,
  things_shared_secret_set: false,
  version: null,
};
