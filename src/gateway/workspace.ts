/** The one workspace of the reference gateway: its keys and its bundled destinations belong to it. */
export const GATEWAY_WORKSPACE_ID = '5b0c3a52-7d6e-4f3a-9c41-2e8f1d6a7b90';
