import { compileValidator } from 'gateway-contract/compile';
import { messagesRequest } from 'gateway-contract/schemas';

const validateMine = compileValidator({
  ...messagesRequest,
  required: [...messagesRequest.required, 'user'],
});

const request = { model: 'openai/gpt-5', messages: [{ role: 'user', content: 'Hi' }] };
console.log(validateMine(request), validateMine({ ...request, user: 'user-1' })); // false true
