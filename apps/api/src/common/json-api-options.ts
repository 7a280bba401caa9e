/** Origin put in front of document `links` (ApiConfig.publicBaseUrl), e.g. `https://api.example.com`. */
export const PUBLIC_BASE_URL = Symbol('PUBLIC_BASE_URL');
