import { validate } from 'gateway-contract';

const request = { model: 'openai/gpt-5', messages: [{ role: 'user', content: 'Hi' }] };

const accepted = validate('messages-request', request);
if (accepted.ok) console.log('valid; model:', accepted.value.model);

const fallbacks = [{ model: 'a' }, { model: 'b' }, { model: 'c' }, { model: 'd' }];
const rejected = validate('messages-request', { ...request, fallbacks });
if (!rejected.ok) console.log(JSON.stringify(rejected.error)); // status 400, issue at /fallbacks
