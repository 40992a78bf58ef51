{{/* The app's name: names the resources and labels the pods. */}}
{{- define "platform-service.app" -}}
{{- required "app is required: the app's name under apps/ (see deploy/values/<app>.yaml)" .Values.app -}}
{{- end -}}

{{- define "platform-service.fullname" -}}
{{- default (include "platform-service.prefixed" (list . (include "platform-service.app" .))) .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The installation's prefix, `global.namePrefix` rendered (a template): "" or a DNS label short enough
for `<prefix>-notifications-migrations` to stay a valid name.
*/}}
{{- define "platform-service.namePrefix" -}}
{{- $prefix := tpl (.Values.global.namePrefix | default "") . -}}
{{- if and $prefix (not (and (regexMatch "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$" $prefix) (le (len $prefix) 30))) -}}
{{- fail (printf "global.namePrefix %q: lower-case letters, digits and '-', at most 30 characters" $prefix) -}}
{{- end -}}
{{- $prefix -}}
{{- end -}}

{{/* A name in the namespace, with the installation's prefix when it has one. Call with (list $ name). */}}
{{- define "platform-service.prefixed" -}}
{{- $prefix := include "platform-service.namePrefix" (index . 0) -}}
{{- if $prefix }}{{ printf "%s-%s" $prefix (index . 1) }}{{ else }}{{ index . 1 }}{{ end -}}
{{- end -}}

{{/*
A ConfigMap or Secret the app reads (a template), prefixed. For the migrations hook Job (third
argument true), those the umbrella chart makes itself (`global.config`, `global.secrets` with
`create`) are their hook copies `<name>-migrations`: the originals do not exist yet before install
and are a revision behind before an upgrade. Call with (list $ name forJob).
*/}}
{{- define "platform-service.readName" -}}
{{- $ := index . 0 -}}
{{- $name := tpl (index . 1) $ -}}
{{- $config := $.Values.global.config | default dict -}}
{{- $secrets := $.Values.global.secrets | default dict -}}
{{- $made := or (and $config.create (eq $name ($config.name | default ""))) (and $secrets.create (hasKey ($secrets.items | default dict) $name)) -}}
{{- include "platform-service.prefixed" (list $ $name) -}}{{ if and (index . 2) $made }}-migrations{{ end -}}
{{- end -}}
{{- define "platform-service.imageTag" -}}
{{- .Values.image.tag | default .Values.global.image.tag | default .Chart.AppVersion -}}
{{- end -}}

{{- define "platform-service.image" -}}
{{- $registry := .Values.image.registry | default .Values.global.image.registry -}}
{{- $repository := .Values.image.repository | default (include "platform-service.app" .) -}}
{{- $name := ternary (printf "%s/%s" (trimSuffix "/" $registry) $repository) $repository (ne $registry "") -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" $name .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $name (include "platform-service.imageTag" .) -}}
{{- end -}}
{{- end -}}

{{- define "platform-service.selectorLabels" -}}
app.kubernetes.io/name: {{ include "platform-service.app" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "platform-service.labels" -}}
{{ include "platform-service.selectorLabels" . }}
app.kubernetes.io/component: {{ .Values.component }}
app.kubernetes.io/part-of: association-platform
app.kubernetes.io/version: {{ include "platform-service.imageTag" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- /* .Chart.Name is the alias inside the umbrella chart: name the chart itself. */}}
helm.sh/chart: platform-service-{{ .Chart.Version }}
{{- with include "platform-service.namePrefix" . }}
association-platform/installation: {{ . }}
{{- end }}
{{- end -}}

{{/*
A podSelector of the platform's apps named in the list (their `app.kubernetes.io/name`), of this
installation only: with a prefix, its label; without, the pods that have none (never those of a
prefixed installation beside it). Call with (list $ names).
*/}}
{{- define "platform-service.appsSelector" -}}
{{- $prefix := include "platform-service.namePrefix" (index . 0) -}}
matchLabels:
  app.kubernetes.io/part-of: association-platform
  {{- with $prefix }}
  association-platform/installation: {{ . }}
  {{- end }}
matchExpressions:
  - key: app.kubernetes.io/name
    operator: In
    values:
      {{- toYaml (index . 1) | nindent 6 }}
  {{- if not $prefix }}
  - key: association-platform/installation
    operator: DoesNotExist
  {{- end }}
{{- end -}}

{{/* initContainer or hookJob: `migrations.mode`, else `global.migrations.mode`. */}}
{{- define "platform-service.migrationsMode" -}}
{{- .Values.migrations.mode | default (dig "migrations" "mode" "" .Values.global) | default "initContainer" -}}
{{- end -}}
{{- define "platform-service.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "platform-service.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* A per-app switch that defers to a global one when null. Call with (list appValue globalValue). */}}
{{- define "platform-service.switch" -}}
{{- $app := index . 0 -}}
{{- if kindIs "bool" $app -}}{{ $app }}{{- else -}}{{ index . 1 }}{{- end -}}
{{- end -}}

{{/* Port that serves /healthz and /readyz: the admin port, else the public HTTP port. */}}
{{- define "platform-service.probePortName" -}}
{{- if .Values.ports.admin.enabled -}}http-admin{{- else if .Values.ports.http.enabled -}}http{{- else -}}
{{- fail "an app needs ports.admin or ports.http enabled: probes use /healthz and /readyz" -}}
{{- end -}}
{{- end -}}

{{/* A memory quantity (512Mi, 1Gi, 1G, 500M, 64Ki or bytes) in MiB, rounded down. */}}
{{- define "platform-service.mebibytes" -}}
{{- $q := toString . -}}
{{- $units := dict "Ki" (divf 1 1024) "Mi" 1.0 "Gi" 1024.0 "Ti" 1048576.0 "k" (divf 1000 1048576) "M" (divf 1000000 1048576) "G" (divf 1000000000 1048576) "T" (divf 1000000000000 1048576) -}}
{{- $number := regexFind "^[0-9]+(\\.[0-9]+)?(e\\+[0-9]+)?" $q -}}
{{- $unit := trimPrefix $number $q -}}
{{- if not $number }}{{ fail (printf "resources.limits.memory %q is not a quantity" $q) }}{{ end -}}
{{- if eq $unit "" }}{{ divf (float64 $number) 1048576 | floor | int }}
{{- else if hasKey $units $unit }}{{ mulf (float64 $number) (index $units $unit) | floor | int }}
{{- else }}{{ fail (printf "resources.limits.memory %q: use Ki, Mi, Gi, Ti, k, M, G, T or bytes" $q) }}
{{- end -}}
{{- end -}}

{{/* NODE_OPTIONS: node.options, and V8's old generation sized from the container's memory limit. */}}
{{- define "platform-service.nodeOptions" -}}
{{- $options := .Values.node.options -}}
{{- $limit := dig "limits" "memory" "" (.Values.resources | default dict) -}}
{{- if and $limit (gt (int .Values.node.heapPercentOfMemoryLimit) 0) -}}
{{- $heap := div (mul (include "platform-service.mebibytes" $limit | int) (int .Values.node.heapPercentOfMemoryLimit)) 100 -}}
{{- $options = trim (printf "%s --max-old-space-size=%d" $options $heap) -}}
{{- end -}}
{{- $options -}}
{{- end -}}

{{/* Environment of the app and of its migrations (init container or Job). Call with (list $ forJob). */}}
{{- define "platform-service.env" -}}
{{- $ := index . 0 -}}
{{- $forJob := index . 1 -}}
{{- with $ -}}
{{- $defaults := dict "OTEL_SERVICE_NAME" (include "platform-service.app" .) -}}
{{- with include "platform-service.nodeOptions" . }}{{ $_ := set $defaults "NODE_OPTIONS" . }}{{ end -}}
{{- $env := merge (deepCopy (.Values.env | default dict)) (.Values.global.env | default dict) $defaults -}}
{{- $_ := merge $env (include "platform-service.storageEnv" . | fromYaml) -}}
{{- $_ := merge $env (include "platform-service.redisEnv" . | fromYaml) -}}
{{- range $key := list "grpc" "http" "admin" }}
{{- $port := index $.Values.ports $key }}
{{- if and $port.enabled $port.env }}
{{- $_ := set $env $port.env (toString $port.port) }}
{{- end }}
{{- end }}
{{- range $name := keys $env | sortAlpha }}
- name: {{ $name }}
  value: {{ tpl (toString (index $env $name)) $ | quote }}
{{- end }}
{{- $secretEnv := deepCopy (.Values.secretEnv | default dict) }}
{{- with .Values.storage }}
{{- if and (eq .provider "s3") .s3.credentialsSecret }}
{{- $_ := set $secretEnv "STORAGE_S3_ACCESS_KEY_ID" (dict "secretName" .s3.credentialsSecret "key" .s3.accessKeyIdKey) }}
{{- $_ := set $secretEnv "STORAGE_S3_SECRET_ACCESS_KEY" (dict "secretName" .s3.credentialsSecret "key" .s3.secretAccessKeyKey) }}
{{- end }}
{{- end }}
{{- $_ := merge $secretEnv (include "platform-service.redisSecretEnv" . | fromYaml) }}
{{- range $name := keys $secretEnv | sortAlpha }}
{{- $ref := index $secretEnv $name }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "platform-service.readName" (list $ $ref.secretName $forJob) }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
ConfigMaps first, then Secrets: on a duplicate key the later source (the Secret) wins; `env` beats both.
`globalEnvFromSecrets: false` leaves out the platform's shared Secrets (the web app needs none).
Call with (list $ forJob).
*/}}
{{- define "platform-service.envFrom" -}}
{{- $ := index . 0 -}}
{{- $forJob := index . 1 -}}
{{- with $ -}}
{{- range $name := concat (.Values.global.envFromConfigMaps | default list) .Values.envFromConfigMaps | uniq }}
- configMapRef:
    name: {{ include "platform-service.readName" (list $ $name $forJob) }}
{{- end }}
{{- $globalSecrets := ternary (.Values.global.envFromSecrets | default list) list .Values.globalEnvFromSecrets }}
{{- range $name := concat $globalSecrets .Values.envFromSecrets | uniq }}
- secretRef:
    name: {{ include "platform-service.readName" (list $ $name $forJob) }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
Pod annotations that roll the pods when the umbrella's shared ConfigMap or Secrets change: hashes of
`global.config` and `global.secrets` as written (templates unrendered). Secrets made outside Helm
(`create: false`) count by their names and keys only: their contents are not the chart's to see.
A release without these values (platform-service on its own) renders neither annotation.
*/}}
{{- define "platform-service.checksums" -}}
{{- with .Values.global.config }}
checksum/config: {{ toJson . | sha256sum }}
{{- end }}
{{- with .Values.global.secrets }}
{{- $hashed := . }}
{{- if not .create }}
{{- $keys := dict }}
{{- range $name, $data := .items }}
{{- $_ := set $keys $name (keys ($data | default dict) | sortAlpha) }}
{{- end }}
{{- $hashed = dict "create" false "items" $keys }}
{{- end }}
checksum/secrets: {{ toJson $hashed | sha256sum }}
{{- end }}
{{- end -}}

{{/* The pods' security context: the app's and its migrations Job's. */}}
{{- define "platform-service.podSecurityContext" -}}
runAsNonRoot: true
{{- with .Values.securityContext.runAsUser }}
runAsUser: {{ . }}
{{- end }}
{{- with .Values.securityContext.runAsGroup }}
runAsGroup: {{ . }}
{{- end }}
{{- with .Values.securityContext.fsGroup }}
fsGroup: {{ . }}
{{- end }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "platform-service.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{/* Liveness (and startup) handler: never depends on the database or NATS. */}}
{{- define "platform-service.livenessHandler" -}}
{{- if and .Values.ports.grpc.enabled .Values.probes.liveness.grpcService -}}
grpc:
  port: {{ .Values.ports.grpc.port }}
  service: {{ .Values.probes.liveness.grpcService }}
{{- else -}}
httpGet:
  path: {{ .Values.probes.liveness.httpPath }}
  port: {{ include "platform-service.probePortName" . }}
{{- end -}}
{{- end -}}

{{/*
The NetworkPolicy peers of one entry of `global.networkPolicy.egress.infrastructure`, wherever the
service lives (issue 28): `to` as written (any NetworkPolicy peers), then pods labelled `podLabels`
in the release's namespace or, with `namespace`, in that namespace (label values are templates:
`app.kubernetes.io/instance: "{{ .Release.Name }}"` picks the bundled charts' pods of this release),
then each of `cidrs` (an address outside the cluster: a managed database, a NATS or Redis on VMs).
Call with (list $ entry).
*/}}
{{- define "platform-service.infrastructurePeers" -}}
{{- $ := index . 0 -}}
{{- with index . 1 -}}
{{- $peers := concat (.to | default list) list -}}
{{- if .podLabels -}}
{{- $labels := dict -}}
{{- range $key, $value := .podLabels }}{{ $_ := set $labels $key (tpl (toString $value) $) }}{{ end -}}
{{- $peer := dict "podSelector" (dict "matchLabels" $labels) -}}
{{- with .namespace }}{{ $_ := set $peer "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" .)) }}{{ end -}}
{{- $peers = append $peers $peer -}}
{{- else if .namespace -}}
{{- $peers = append $peers (dict "namespaceSelector" (dict "matchLabels" (dict "kubernetes.io/metadata.name" .namespace))) -}}
{{- end -}}
{{- range .cidrs }}{{ $peers = append $peers (dict "ipBlock" (dict "cidr" .)) }}{{ end -}}
{{- if not $peers -}}
{{- fail (printf "global.networkPolicy.egress.infrastructure %q: give where it is: podLabels (and namespace), cidrs, or to" .name) -}}
{{- end -}}
{{- toYaml $peers -}}
{{- end -}}
{{- end -}}

{{/*
The documents service's STORAGE_* variables from `storage` (issue 28), as YAML (empty without a
provider). Refuses what cannot work: local storage on a claim that holds one pod with more than one
replica, an S3 provider without a bucket, STORAGE_* also set in `env`.
*/}}
{{- define "platform-service.storageEnv" -}}
{{- $storage := .Values.storage -}}
{{- if $storage.provider -}}
{{- range $name, $_ := .Values.env | default dict }}
{{- if hasPrefix "STORAGE_" $name }}{{ fail (printf "env.%s: set storage.* instead (the chart sets STORAGE_* from it)" $name) }}{{ end }}
{{- end }}
{{- range $name, $_ := .Values.secretEnv | default dict }}
{{- if hasPrefix "STORAGE_" $name }}{{ fail (printf "secretEnv.%s: set storage.s3.credentialsSecret instead" $name) }}{{ end }}
{{- end }}
{{- if eq $storage.provider "local" }}
{{- if and (ne $storage.local.accessMode "ReadWriteMany") (or .Values.autoscaling.enabled (gt (int .Values.replicaCount) 1)) }}
{{- fail (printf "storage.provider local on a %s claim holds one pod, and %s asks for more: set replicaCount: 1 (and autoscaling.enabled: false), or storage.local.accessMode: ReadWriteMany on a storage class that offers it, or storage.provider: s3 with storage.s3.bucket (docs/operations.md, Documents storage)" $storage.local.accessMode (ternary "autoscaling.enabled" (printf "replicaCount %d" (int .Values.replicaCount)) .Values.autoscaling.enabled)) }}
{{- end }}
STORAGE_PROVIDER: LOCAL
STORAGE_LOCAL_DIR: {{ $storage.local.mountPath | quote }}
{{- else }}
{{- if not $storage.s3.bucket }}
{{- fail "storage.provider s3 needs storage.s3.bucket (and storage.s3.endpoint unless AWS S3, storage.s3.credentialsSecret unless a workload identity): docs/operations.md, Documents storage" }}
{{- end }}
STORAGE_PROVIDER: S3
STORAGE_S3_BUCKET: {{ $storage.s3.bucket | quote }}
STORAGE_S3_ENDPOINT: {{ $storage.s3.endpoint | quote }}
STORAGE_S3_REGION: {{ $storage.s3.region | quote }}
STORAGE_S3_FORCE_PATH_STYLE: {{ ternary "true" "false" $storage.s3.forcePathStyle | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/*
The Redis variables from `global.redis` (issue 28), as YAML: none in `url` mode (REDIS_URL comes
from the shared ConfigMap or Secret); in `sentinel` and `cluster` mode the sentinels and master name,
or the cluster's nodes, with REDIS_URL blanked (the apps take an empty variable for an unset one, and
refuse REDIS_URL beside the others), for the apps that read the platform's Secrets. Refuses what
cannot work: a mode without its nodes, a password Secret the mode would not use, REDIS_* in `env`.
*/}}
{{- define "platform-service.redisEnv" -}}
{{- $redis := .Values.global.redis | default dict -}}
{{- $mode := $redis.mode | default "url" -}}
{{- $owned := list "REDIS_SENTINELS" "REDIS_SENTINEL_MASTER" "REDIS_SENTINEL_PASSWORD" "REDIS_CLUSTER_NODES" "REDIS_PASSWORD" -}}
{{- range $name, $_ := merge (deepCopy (.Values.env | default dict)) (.Values.global.env | default dict) (.Values.secretEnv | default dict) }}
{{- if has $name $owned }}{{ fail (printf "%s is set by the chart from global.redis: set global.redis (mode, sentinel, cluster, passwordSecret) instead" $name) }}{{ end }}
{{- end }}
{{- if and (eq $mode "url") (dig "passwordSecret" "name" "" $redis) }}
{{- fail "global.redis.passwordSecret is for the sentinel and cluster modes: with mode url the password is part of REDIS_URL (put REDIS_URL in the Secret platform-secrets)" }}
{{- end }}
{{- if and (ne $mode "sentinel") (dig "sentinelPasswordSecret" "name" "" $redis) }}
{{- fail (printf "global.redis.sentinelPasswordSecret is for the sentinel mode, not %s" $mode) }}
{{- end }}
{{- if eq $mode "sentinel" }}
{{- if not (and (dig "sentinel" "nodes" list $redis) (dig "sentinel" "masterName" "" $redis)) }}
{{- fail "global.redis.mode sentinel needs global.redis.sentinel.nodes (host:port of every sentinel) and global.redis.sentinel.masterName (the name they monitor the master by)" }}
{{- end }}
{{- else if eq $mode "cluster" }}
{{- if not (dig "cluster" "nodes" list $redis) }}
{{- fail "global.redis.mode cluster needs global.redis.cluster.nodes (host:port of some or all nodes of the cluster)" }}
{{- end }}
{{- end }}
{{- if and (ne $mode "url") .Values.globalEnvFromSecrets }}
REDIS_URL: ""
{{- if eq $mode "sentinel" }}
REDIS_SENTINELS: {{ join "," $redis.sentinel.nodes | quote }}
REDIS_SENTINEL_MASTER: {{ $redis.sentinel.masterName | quote }}
{{- else }}
REDIS_CLUSTER_NODES: {{ join "," $redis.cluster.nodes | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The Redis passwords of `global.redis`, as secretEnv entries (YAML), for the apps that get redisEnv. */}}
{{- define "platform-service.redisSecretEnv" -}}
{{- $redis := .Values.global.redis | default dict -}}
{{- $mode := $redis.mode | default "url" -}}
{{- if and (ne $mode "url") .Values.globalEnvFromSecrets }}
{{- with $redis.passwordSecret }}{{ if .name }}
REDIS_PASSWORD: {secretName: {{ .name | quote }}, key: {{ .key | quote }}}
{{- end }}{{ end }}
{{- with $redis.sentinelPasswordSecret }}{{ if and .name (eq $mode "sentinel") }}
REDIS_SENTINEL_PASSWORD: {secretName: {{ .name | quote }}, key: {{ .key | quote }}}
{{- end }}{{ end }}
{{- end }}
{{- end -}}

{{/* The local storage claim's name: the existing one, else `<fullname>-storage`. */}}
{{- define "platform-service.storageClaim" -}}
{{- .Values.storage.local.existingClaim | default (printf "%s-storage" (include "platform-service.fullname" .)) -}}
{{- end -}}

{{/* Local storage that only one pod can mount at a time: the Deployment replaces its pod (Recreate). */}}
{{- define "platform-service.singleWriter" -}}
{{- if and (eq .Values.storage.provider "local") (ne .Values.storage.local.accessMode "ReadWriteMany") }}true{{ end -}}
{{- end -}}

{{/*
Egress rules to cluster DNS and to the infrastructure the app may reach (`networkPolicy.infrastructure`
of `global.networkPolicy.egress.infrastructure`): the app's policy and its migrations Job's.
*/}}
{{- define "platform-service.egressToInfrastructure" -}}
{{- $global := .Values.global.networkPolicy -}}
# Cluster DNS.
- to:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: {{ $global.egress.dns.namespace }}
      podSelector:
        matchLabels:
          {{- toYaml $global.egress.dns.podLabels | nindent 10 }}
  ports:
    - port: 53
      protocol: UDP
    - port: 53
      protocol: TCP
{{- $only := .Values.networkPolicy.infrastructure }}
{{- $known := list }}
{{- range $global.egress.infrastructure }}{{ $known = append $known .name }}{{ end }}
{{- range ($only | default list) }}
{{- if not (has . $known) }}
{{- fail (printf "networkPolicy.infrastructure: %q is none of global.networkPolicy.egress.infrastructure (%s)" . (join ", " $known)) }}
{{- end }}
{{- end }}
{{- range $global.egress.infrastructure }}
{{- if or (kindIs "invalid" $only) (has .name ($only | default list)) }}
# {{ .name }}
- to:
    {{- include "platform-service.infrastructurePeers" (list $ .) | nindent 4 }}
  ports:
    {{- range .ports }}
    - port: {{ . }}
      protocol: TCP
    {{- end }}
{{- end }}
{{- end }}
{{- end -}}
