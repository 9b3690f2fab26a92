import { normalizePresetRequest, validate } from 'gateway-contract';

const result = validate('messages-request', {
  model: 'openai/gpt-5',
  max_tokens: 1024,
  system: [
    { type: 'text', text: 'Be brief.' },
    { type: 'text', text: 'Answer in English.' },
  ],
  messages: [{ role: 'user', content: 'Hi' }],
  stream: true,
});
if (result.ok) {
  const { config, system_prompt, dropped } = normalizePresetRequest(result.value);
  console.log(config, JSON.stringify(system_prompt), dropped); // messages and stream are not part of a preset
}
