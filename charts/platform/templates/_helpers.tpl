{{- define "platform.labels" -}}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: association-platform
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- with include "platform.namePrefix" . }}
association-platform/installation: {{ . }}
{{- end }}
{{- end -}}

{{/*
The platform's public host: the first host without a wildcard of the gateway's Ingress (else of its
HTTPRoute) when that route serves the web app too (`gateway.webApp`, issue 24); empty otherwise.
*/}}
{{- define "platform.publicHost" -}}
{{- $gateway := .Values.gateway | default dict -}}
{{- if and $gateway.enabled (dig "webApp" "enabled" false $gateway) -}}
{{- $hosts := list -}}
{{- if dig "ingress" "enabled" false $gateway -}}
{{- $hosts = dig "ingress" "hosts" list $gateway -}}
{{- else if dig "httpRoute" "enabled" false $gateway -}}
{{- $hosts = dig "httpRoute" "hostnames" list $gateway -}}
{{- end -}}
{{- $found := "" -}}
{{- range $hosts -}}
{{- if and (not $found) (not (contains "*" .)) }}{{ $found = . }}{{ end -}}
{{- end -}}
{{- $found -}}
{{- end -}}
{{- end -}}

{{/* An alert's runbook: its section of docs/runbooks.md (the anchor is the alert's name in lower case). Call with (list $ "AlertName"). */}}
{{- define "platform.runbook" -}}
{{- $ := index . 0 -}}
{{- printf "%s#%s" $.Values.prometheusRule.runbookBaseUrl (index . 1 | lower) | quote -}}
{{- end -}}

{{/* The installation's prefix (`global.namePrefix`, a template), as the apps' chart renders it. */}}
{{- define "platform.namePrefix" -}}
{{- $prefix := tpl (.Values.global.namePrefix | default "") . -}}
{{- if and $prefix (not (and (regexMatch "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$" $prefix) (le (len $prefix) 30))) -}}
{{- fail (printf "global.namePrefix %q: lower-case letters, digits and '-', at most 30 characters" $prefix) -}}
{{- end -}}
{{- $prefix -}}
{{- end -}}

{{/* A name in the namespace, with the installation's prefix when it has one. Call with (list $ name). */}}
{{- define "platform.prefixed" -}}
{{- $prefix := include "platform.namePrefix" (index . 0) -}}
{{- if $prefix }}{{ printf "%s-%s" $prefix (index . 1) }}{{ else }}{{ index . 1 }}{{ end -}}
{{- end -}}

{{/* The app blocks (releases of platform-service: the blocks with an `app`) of this chart, enabled or not. */}}
{{- define "platform.appKeys" -}}
{{- range $key, $value := .Values }}{{ if and (kindIs "map" $value) (hasKey $value "app") }}{{ $key }} {{ end }}{{ end -}}
{{- end -}}

{{/*
"true" when an enabled app runs its migrations as a hook Job (its `migrations.mode`, else
`global.migrations.mode`): this release then copies the ConfigMap and Secrets it makes as hooks.
*/}}
{{- define "platform.hookMigrations" -}}
{{- $found := false -}}
{{- range $key := include "platform.appKeys" . | splitList " " | compact -}}
{{- $app := index $.Values $key | default dict -}}
{{- $mode := dig "migrations" "mode" "" $app | default (dig "migrations" "mode" "" $.Values.global) | default "initContainer" -}}
{{- if and $app.enabled (dig "migrations" "enabled" false $app) (eq $mode "hookJob") }}{{ $found = true }}{{ end -}}
{{- end -}}
{{- if $found }}true{{ end -}}
{{- end -}}

{{/*
A value of the shared ConfigMap with the service addresses the registry writes by app name
(`dns:///identity-grpc:50051`) pointing at the Service that app's release makes (its prefixed or
overridden name). Anything else unchanged. Call with (list $ value).
*/}}
{{- define "platform.serviceAddress" -}}
{{- $ := index . 0 -}}
{{- $value := index . 1 -}}
{{- $out := $value -}}
{{- if regexMatch "^dns:///([a-z0-9-]+)-grpc:([0-9]+)$" $value -}}
{{- $host := regexReplaceAll "^dns:///([a-z0-9-]+)-grpc:[0-9]+$" $value "${1}" -}}
{{- range $key := include "platform.appKeys" $ | splitList " " | compact -}}
{{- $app := index $.Values $key | default dict -}}
{{- if eq ($app.app | default "") $host -}}
{{- $service := $app.fullnameOverride | default (include "platform.prefixed" (list $ $host)) -}}
{{- $out = printf "dns:///%s-grpc:%s" $service (regexReplaceAll "^.*:([0-9]+)$" $value "${1}") -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $out -}}
{{- end -}}

{{/* Annotations of a hook copy of the shared ConfigMap or a Secret for the migrations Jobs (weight -10: before them). */}}
{{- define "platform.hookCopy" -}}
helm.sh/hook: pre-install,pre-upgrade
helm.sh/hook-weight: "-10"
helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
{{- end -}}
