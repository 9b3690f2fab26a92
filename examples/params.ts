import { validateParams } from 'gateway-contract';

const result = validateParams('getPresetVersion', { slug: 'my-preset', version: '01' });
if (!result.ok) console.log(JSON.stringify(result.error)); // status 400, issue at /version
