import path from 'node:path';
import type { BenchTenant, BenchTenantSpec } from '../../scripts/bench/seed-assets';
import type { DeviceBenchSpec, DeviceBenchTenant } from '../../scripts/bench/seed-devices';
import { callOutsideSandbox } from './outside-sandbox';

/**
 * The bench seed's tenants for tests that need volume (thousands of assets, built directly in the table as the
 * benchmarks build them), seeded outside the test file's sandbox. The caller has pointed this process at the
 * stack (its ports and handler environment), which the seeding process inherits.
 */
export const seedBenchTenant = (spec: BenchTenantSpec) =>
  callOutsideSandbox<BenchTenant>(
    path.resolve(__dirname, '../../scripts/bench/seed-assets.ts'),
    'ensureBenchTenant',
    spec,
  );

export const seedDeviceBenchTenant = (spec: DeviceBenchSpec) =>
  callOutsideSandbox<DeviceBenchTenant>(
    path.resolve(__dirname, '../../scripts/bench/seed-devices.ts'),
    'ensureDeviceBenchTenant',
    spec,
  );
