import type { Response } from 'express';
import type { MechmateErrorBody } from '../../contracts/upstream/mechmate.js';
import type { FieldErrors } from './parseInput.js';

/** Answers the booking service's error body; `code` becomes `errors['Error Result'][0]`. */
export function sendMechmateError(res: Response, status: number, code: string, fields: FieldErrors = {}): void {
  const body: MechmateErrorBody = {
    title: Object.keys(fields).length > 0 ? 'One or more validation errors occurred.' : code,
    status,
    errors: { ...fields, 'Error Result': [code] },
  };
  res.status(status).json(body);
}

/** A malformed registration number is the service's own InvalidReg, not a generic validation error. */
export function sendMechmateValidationError(res: Response, fields: FieldErrors): void {
  sendMechmateError(
    res,
    400,
    'regNo' in fields || 'registrationNumber' in fields ? 'InvalidReg' : 'InvalidInput',
    fields,
  );
}
