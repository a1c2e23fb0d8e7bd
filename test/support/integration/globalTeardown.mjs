// Jest's integration globalTeardown: removes what globalSetup.mjs opened.
import { closeRunPhotoDir } from '../runPhotoDir.mjs';

export default function globalTeardown() {
  closeRunPhotoDir();
}
