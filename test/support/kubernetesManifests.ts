import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';

export type Manifest = { apiVersion: string; kind: string; metadata: { name: string } } & Record<string, unknown>;

/** Per kind: the model that checks a manifest against the Kubernetes schema, and the interface that names every field. */
const KINDS: Record<string, { model: new (data: never) => { validate(): void }; types: string }> = {
  'apps/v1 Deployment': { model: Deployment, types: "import('kubernetes-models/apps/v1/Deployment').IDeployment" },
  'v1 Service': { model: Service, types: "import('kubernetes-models/v1/Service').IService" },
  'v1 ConfigMap': { model: ConfigMap, types: "import('kubernetes-models/v1/ConfigMap').IConfigMap" },
  'v1 Secret': { model: Secret, types: "import('kubernetes-models/v1/Secret').ISecret" },
  'autoscaling/v2 HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    types: "import('kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler').IHorizontalPodAutoscaler",
  },
  'policy/v1 PodDisruptionBudget': {
    model: PodDisruptionBudget,
    types: "import('kubernetes-models/policy/v1/PodDisruptionBudget').IPodDisruptionBudget",
  },
};

/** Every document of every YAML file in `dir`. */
export function readManifests(dir: string): Array<{ file: string; manifest: Manifest }> {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => ({
        file,
        manifest: doc.toJS() as Manifest,
      })),
    );
}

/**
 * What is wrong with each manifest, [] when nothing is. Two checks: the model's JSON-schema
 * validation (types, required fields, formats), which lets an unknown field through, and the
 * TypeScript compiler over the model's interface, whose excess-property check refuses any field the
 * Kubernetes API does not have (`readinesProbe`, `imagePullPolicyy`) at any depth.
 */
export function manifestProblems(manifests: readonly Manifest[]): string[][] {
  const problems = manifests.map((m): string[] => {
    const kind = KINDS[`${m.apiVersion} ${m.kind}`];
    if (!kind) return [`no model for ${m.apiVersion} ${m.kind}`];
    try {
      new kind.model(structuredClone(m) as never).validate();
      return [];
    } catch (err) {
      return [(err as Error).message];
    }
  });
  const files = new Map(
    manifests.map((m, i) => {
      const kind = KINDS[`${m.apiVersion} ${m.kind}`];
      return [
        resolve(`__manifest_${i}.ts`),
        `export const manifest: ${kind?.types ?? 'never'} = ${JSON.stringify(m, null, 1)};\n`,
      ];
    }),
  );
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => files.has(f) || ts.sys.fileExists(f);
  host.readFile = (f) => files.get(f) ?? readFile(f);
  host.getSourceFile = (f, version) =>
    files.has(f) ? ts.createSourceFile(f, files.get(f)!, version) : getSourceFile(f, version);
  const program = ts.createProgram([...files.keys()], options, host);
  [...files.keys()].forEach((f, i) => {
    for (const d of ts.getPreEmitDiagnostics(program, program.getSourceFile(f)))
      problems[i]!.push(ts.flattenDiagnosticMessageText(d.messageText, ' '));
  });
  return problems;
}
