{{- define "platform.labels" -}}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: association-platform
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
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
