/**
 * The portman configuration of `npm run api:collection`: portman's contract tests on every operation
 * of the OpenAPI document, the examples' optional query parameters sent, and the flows whose values
 * come from an earlier answer (as in docs/api.md's curl examples): the tire-hotel login, its cookies
 * and bookable times, and MechMate's free time.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
}
type Operations = Record<string, Record<string, { parameters?: Parameter[] }>>;

const target = (method: string, path: string) => `${method.toUpperCase()}::${path}`;
const TH = '/api/tirehotel';
const search = target('get', `${TH}/authorization/search`);
const login = target('post', `${TH}/authorization/login`);
const validate = target('post', `${TH}/authorization/validate`);
const days = target('post', `${TH}/booking/GetTimeslotDays`);
const times = target('post', `${TH}/booking/GetTimeslots`);
const create = target('post', `${TH}/booking/create`);
const review = target('post', `${TH}/review/addReview`);
const logout = target('post', `${TH}/authorization/logout`);
const mechmateTimes = target('get', '/api/mechmate/timeslots/from/{regNo}/{departmentId}/{date}');
const mechmateBook = target('post', '/api/mechmate/book');
const forms = target('post', '/api/forms/comhub');

/** Postman test lines keeping a cookie of the answer (Secure over plain http: no cookie jar keeps it). */
const keepCookie = (name: string) => [
  `const cookie = pm.response.headers.all().filter((h) => h.key.toLowerCase() === 'set-cookie').map((h) => h.value).join('\\n');`,
  `pm.collectionVariables.set('${name}', (/${name}=([^;]+)/.exec(cookie) || [])[1] || '');`,
];
const sendCookie = (name: string) => ({
  overwriteRequestHeaders: [{ key: 'Cookie', value: `${name}={{${name}}}` }],
  overwriteRequestSecurity: { remove: true },
});

/** The operations whose example has an optional query parameter: portman leaves those off unless told. */
function exampleQueryParameters(paths: Operations) {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const optional = (op.parameters ?? []).filter((p) => p.in === 'query' && !p.required && p.example !== undefined);
      return optional.length
        ? [
            {
              openApiOperation: target(method, path),
              overwriteRequestQueryParams: optional.map((p) => ({ key: p.name, disable: false })),
            },
          ]
        : [];
    }),
  );
}

export function portmanConfig(document: { paths: Operations }) {
  const everyOperation = '*::/*';
  return {
    version: 1.0,
    tests: {
      contractTests: [
        { openApiOperation: everyOperation, statusSuccess: { enabled: true } },
        { openApiOperation: everyOperation, contentType: { enabled: true } },
        { openApiOperation: everyOperation, jsonBody: { enabled: true } },
        { openApiOperation: everyOperation, schemaValidation: { enabled: true } },
        { openApiOperation: everyOperation, headersPresent: { enabled: true } },
      ],
      extendTests: [
        { openApiOperation: login, tests: keepCookie('th_login') },
        { openApiOperation: validate, tests: keepCookie('th_session') },
        {
          openApiOperation: mechmateTimes,
          tests: [
            'const day = pm.response.json().find((d) => d.availableSlots.length > 0);',
            "pm.collectionVariables.set('mechmateTimeSlot', day.date.slice(0, 10) + 'T' + day.availableSlots[0] + ':00');",
          ],
        },
      ],
    },
    assignVariables: [
      {
        openApiOperation: search,
        collectionVariables: [{ responseBodyProp: 'encryptedPhoneNumber', name: 'encryptedPhoneNumber' }],
      },
      {
        openApiOperation: validate,
        collectionVariables: [
          { responseBodyProp: 'vehicles[0].regNo', name: 'tireRegNo' },
          { responseBodyProp: 'vehicles[0].brandCode', name: 'tireBrandCode' },
          { responseBodyProp: 'vehicles[0].location.erpId', name: 'tireWorkshop' },
        ],
      },
      {
        openApiOperation: days,
        collectionVariables: [{ responseBodyProp: 'availableDates[0].date', name: 'tireDay' }],
      },
      {
        openApiOperation: times,
        collectionVariables: [{ responseBodyProp: 'availableTimeSlotDates[0].startTime[0]', name: 'tireStart' }],
      },
    ],
    overwrites: [
      ...exampleQueryParameters(document.paths),
      {
        openApiOperation: login,
        overwriteRequestQueryParams: [{ key: 'encryptedPhoneNumber', value: '{{encryptedPhoneNumber}}' }],
      },
      { openApiOperation: validate, ...sendCookie('th_login') },
      {
        openApiOperation: days,
        ...sendCookie('th_session'),
        overwriteRequestQueryParams: [{ key: 'workshopIdentifier', value: '{{tireWorkshop}}' }],
        overwriteRequestBody: [{ key: 'regNo', value: '{{tireBrandCode}}' }],
      },
      {
        openApiOperation: times,
        ...sendCookie('th_session'),
        overwriteRequestQueryParams: [{ key: 'workshopIdentifier', value: '{{tireWorkshop}}' }],
        overwriteRequestBody: [
          { key: 'regNo', value: '{{tireBrandCode}}' },
          { key: 'startDate', value: '{{tireDay}}' },
          { key: 'endDate', value: '{{tireDay}}' },
        ],
      },
      {
        openApiOperation: create,
        ...sendCookie('th_session'),
        overwriteRequestQueryParams: [{ key: 'departmentIdentifier', value: '{{tireWorkshop}}' }],
        overwriteRequestBody: [
          { key: 'regNo', value: '{{tireRegNo}}' },
          { key: 'bookingDate', value: '{{tireDay}}' },
          { key: 'bookingStart', value: '{{tireStart}}' },
          { key: 'bookingRequestId', value: '{{$guid}}' },
        ],
      },
      { openApiOperation: review, ...sendCookie('th_session') },
      { openApiOperation: logout, ...sendCookie('th_session') },
      {
        openApiOperation: mechmateBook,
        overwriteRequestBody: [
          { key: 'timeSlot', value: '{{mechmateTimeSlot}}' },
          { key: 'bookingRequestId', value: '{{$guid}}' },
        ],
      },
      { openApiOperation: forms, overwriteRequestBody: [{ key: 'formSubmissionId', value: '{{$guid}}' }] },
    ],
    globals: {
      // Each flow's steps in the order docs/api.md calls them (portman orders within a tag's folder).
      orderOfOperations: [search, login, validate, days, times, create, review, logout, mechmateTimes, mechmateBook],
    },
  };
}
