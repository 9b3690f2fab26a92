import { validateProvidersResponse } from 'gateway-contract';

const payload: unknown = JSON.parse('{"data":[{"name":"Example Cloud","slug":"example-cloud"}]}');

if (validateProvidersResponse(payload)) {
  console.log(payload.data[0]?.slug); // payload is typed as the providers response here
} else {
  console.log(validateProvidersResponse.errors); // Ajv-style: instancePath, keyword, params, message
}
