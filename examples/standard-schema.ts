import { validateMessagesRequest } from 'gateway-contract';

const request = { model: 'openai/gpt-5', messages: [{ role: 'user', content: [{ type: 'text', text: 1 }] }] };

const result = await validateMessagesRequest['~standard'].validate(request);
if (result.issues) console.log(JSON.stringify(result.issues));
// [{"message":"must be a string","path":["messages",0,"content",0,"text"]}]
