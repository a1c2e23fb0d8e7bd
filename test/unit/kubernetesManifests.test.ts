import { readFileSync } from 'node:fs';
import { ENV_VARIABLES, loadConfig } from '../../server/config.js';
import { RATE_LIMIT_DEFAULTS, rateLimitEnvName, type RateLimitName } from '../../server/security/rateLimits.js';
import { manifestProblems, readManifests, type Manifest } from '../support/kubernetesManifests.js';

const manifests = readManifests('deploy/kubernetes');
const byKind = (kind: string) =>
  manifests.find((m) => m.manifest.kind === kind)?.manifest as Manifest & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const deployment = byKind('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const configMap = byKind('ConfigMap').data as Record<string, string>;
const secret = byKind('Secret').stringData as Record<string, string>;

/** Documented variables the manifests leave to their defaults on purpose (deploy/kubernetes/configmap.yaml says why). */
const LEFT_OUT = [
  'PAGE_CACHE_MAX_MB',
  'SANDBOX',
  'REDIRECTS_DIR',
  'IMAGE_URL_TEMPLATE',
  ...(Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).map(rateLimitEnvName),
];

/** The variables docs/configuration.md lists for the BFF. */
function documentedVariables(): string[] {
  const text = readFileSync('docs/configuration.md', 'utf8');
  const section = text.slice(text.indexOf("## The BFF's variables"), text.indexOf('## Other processes'));
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map(([, name]) => name!);
}

describe('deploy/kubernetes', () => {
  it('has a Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, ConfigMap and Secret that the Kubernetes schema accepts', () => {
    expect(manifests.map((m) => m.manifest.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Secret',
      'Service',
    ]);
    const problems = manifestProblems(manifests.map((m) => m.manifest));
    expect(Object.fromEntries(manifests.map((m, i) => [`${m.file} ${m.manifest.kind}`, problems[i]]))).toEqual(
      Object.fromEntries(manifests.map((m) => [`${m.file} ${m.manifest.kind}`, []])),
    );
  });

  it('refuses a manifest with a misspelt field, a wrong type or a missing required field', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const mutate = (change: (copy: any) => void) => {
      const copy = structuredClone(deployment);
      change(copy);
      return copy;
    };
    const [typo, wrongType, missing, badPort] = manifestProblems([
      mutate(
        (d) => (d.spec.template.spec.containers[0].readinesProbe = d.spec.template.spec.containers[0].readinessProbe),
      ),
      mutate((d) => (d.spec.replicas = '3')),
      mutate((d) => delete d.spec.template.spec.containers[0].name),
      mutate((d) => (d.spec.template.spec.containers[0].ports[0].containerPort = 'http')),
    ]);
    expect(typo!.join()).toMatch(/readinesProbe/);
    expect(wrongType!.join()).toMatch(/replicas/);
    expect(missing!.join()).toMatch(/name/);
    expect(badPort!.join()).toMatch(/containerPort/);
  });

  it('probes /healthz and /readyz, pauses before SIGTERM and gives the shutdown its grace', () => {
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    const pauseS = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(pauseS).toBeGreaterThanOrEqual(5);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pauseS + Number(configMap.SHUTDOWN_GRACE_MS) / 1000);
  });

  it('runs as a non-root user on a read-only root filesystem with a writable /tmp', () => {
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    const tmp = container.volumeMounts.find((v: { mountPath: string }) => v.mountPath === '/tmp');
    expect(pod.volumes.find((v: { name: string }) => v.name === tmp.name).emptyDir).toBeDefined();
  });

  it('takes the memory budget from the memory limit, which the request equals', () => {
    const budget = container.env.find((e: { name: string }) => e.name === 'MEMORY_BUDGET_MB');
    expect(budget.valueFrom.resourceFieldRef).toEqual({
      containerName: container.name,
      resource: 'limits.memory',
      divisor: '1Mi',
    });
    expect(container.resources.requests.memory).toBe(container.resources.limits.memory);
  });

  it('points the Service, autoscaler and disruption budget at the Deployment’s pods', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
    expect(labels).toMatchObject(byKind('Service').spec.selector);
    expect(labels).toMatchObject(byKind('PodDisruptionBudget').spec.selector.matchLabels);
    expect(byKind('HorizontalPodAutoscaler').spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(byKind('HorizontalPodAutoscaler').spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(container.envFrom).toEqual([
      { configMapRef: { name: byKind('ConfigMap').metadata.name } },
      { secretRef: { name: byKind('Secret').metadata.name } },
    ]);
  });

  it('names in the ConfigMap and Secret only variables server/config.ts reads, with values it accepts', () => {
    const named = [...Object.keys(configMap), ...Object.keys(secret)];
    expect(named.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(() => loadConfig({ ...configMap, ...secret, MEMORY_BUDGET_MB: '512' })).not.toThrow();
  });

  it('sets every variable docs/configuration.md lists, but the few left to their defaults on purpose', () => {
    const named = new Set([
      ...Object.keys(configMap),
      ...Object.keys(secret),
      ...container.env.map((e: { name: string }) => e.name),
    ]);
    expect(documentedVariables().filter((name) => !named.has(name) && !LEFT_OUT.includes(name))).toEqual([]);
    expect(Object.keys(secret).sort()).toEqual(['CONTENT_WEBHOOK_SECRET', 'REDIS_URL']);
    expect(new URL(secret.REDIS_URL!).password).not.toBe('');
  });
});
