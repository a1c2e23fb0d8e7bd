// Jest's integration globalSetup: the run's photographs, shared by every sandbox its files start.
import { openRunPhotoDir } from '../runPhotoDir.mjs';

export default function globalSetup() {
  openRunPhotoDir();
}
