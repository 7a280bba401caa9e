{{/* Names and labels shared by every object of the release. */}}

{{- define "quayside.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "quayside.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector of one app's pods; called with (dict "root" $ "app" "api"). */}}
{{- define "quayside.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{- define "quayside.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{- define "quayside.secretName" -}}
{{ .Values.secret.existingSecret | default (printf "%s-secret" (include "quayside.fullname" .)) }}
{{- end -}}

{{/* Environment every container of the chart gets: the ConfigMap, then the Secret. */}}
{{- define "quayside.envFrom" -}}
- configMapRef:
    name: {{ include "quayside.fullname" . }}-config
- secretRef:
    name: {{ include "quayside.secretName" . }}
{{- end -}}

{{/* A pod restarts when the settings it reads change. */}}
{{- define "quayside.configChecksums" -}}
checksum/config: {{ include (print $.Template.BasePath "/config.yaml") . | sha256sum }}
{{- end -}}

{{- define "quayside.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{ .Values.serviceAccount.name | default (include "quayside.fullname" .) }}
{{- else -}}
{{ .Values.serviceAccount.name | default "default" }}
{{- end -}}
{{- end -}}

{{/* The address clients use: config.PUBLIC_BASE_URL, else the Ingress host, else empty (the api then names its own address). */}}
{{- define "quayside.publicBaseUrl" -}}
{{- if .Values.config.PUBLIC_BASE_URL -}}
{{ .Values.config.PUBLIC_BASE_URL }}
{{- else if .Values.ingress.enabled -}}
{{ ternary "https" "http" (not (empty .Values.ingress.tlsSecretName)) }}://{{ .Values.ingress.host }}
{{- end -}}
{{- end -}}

{{/* Whether documents live on the chart's volume (STORAGE_DRIVER local), mounted by the api and the tracker-worker. */}}
{{- define "quayside.documentsVolume" -}}
{{- if eq .Values.config.STORAGE_DRIVER "local" }}true{{ end -}}
{{- end -}}

{{- define "quayside.documentsClaimName" -}}
{{ .Values.persistence.existingClaim | default (printf "%s-documents" (include "quayside.fullname" .)) }}
{{- end -}}

{{/* The label of the pods that mount a ReadWriteOnce documents volume, which keeps them on its node. */}}
{{- define "quayside.documentsPodLabel" -}}
quayside/documents-volume: {{ include "quayside.documentsClaimName" . | quote }}
{{- end -}}

{{/*
Pod-level fields shared by every app; called with (dict "root" $ "documents" <bool>). A pod that
mounts a ReadWriteOnce documents volume must run on the node the volume is attached to: it gets
a required affinity to the other pods that mount it (the first one may go anywhere, since it
matches its own term), added to the values' affinity.
*/}}
{{- define "quayside.podCommon" -}}
{{- $root := .root -}}
serviceAccountName: {{ include "quayside.serviceAccountName" $root }}
automountServiceAccountToken: {{ $root.Values.serviceAccount.automountToken }}
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
{{- with $root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- $affinity := deepCopy ($root.Values.affinity | default dict) }}
{{- if and .documents (eq $root.Values.persistence.accessMode "ReadWriteOnce") }}
{{- $podAffinity := $affinity.podAffinity | default dict }}
{{- $required := $podAffinity.requiredDuringSchedulingIgnoredDuringExecution | default list }}
{{- $term := dict "topologyKey" "kubernetes.io/hostname" "labelSelector" (dict "matchLabels" (include "quayside.documentsPodLabel" $root | fromYaml)) }}
{{- $_ := set $podAffinity "requiredDuringSchedulingIgnoredDuringExecution" (append $required $term) }}
{{- $_ := set $affinity "podAffinity" $podAffinity }}
{{- end }}
{{- with $affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Writable places under a read-only root: /tmp, and (dict "root" $ "documents" true) the documents volume. */}}
{{- define "quayside.volumes" -}}
volumes:
  - name: tmp
    emptyDir: {}
{{- if .documents }}
  - name: documents
    persistentVolumeClaim:
      claimName: {{ include "quayside.documentsClaimName" .root }}
{{- end }}
{{- with .root.Values.postgresql.tls.caSecret }}
{{- if .name }}
  - name: postgres-ca
    secret:
      secretName: {{ .name }}
      items:
        - key: {{ .key }}
          path: ca.crt
{{- end }}
{{- end }}
{{- with .root.Values.redis.tls.caSecret }}
{{- if .name }}
  - name: redis-ca
    secret:
      secretName: {{ .name }}
      items:
        - key: {{ .key }}
          path: ca.crt
{{- end }}
{{- end }}
{{- end -}}

{{/* Called with (dict "root" $ "documents" <bool>), as quayside.volumes. */}}
{{- define "quayside.volumeMounts" -}}
volumeMounts:
  - name: tmp
    mountPath: /tmp
{{- if .documents }}
  - name: documents
    mountPath: /app/data/documents
{{- end }}
{{- if .root.Values.postgresql.tls.caSecret.name }}
  - name: postgres-ca
    mountPath: /etc/quayside/postgres-ca
    readOnly: true
{{- end }}
{{- if .root.Values.redis.tls.caSecret.name }}
  - name: redis-ca
    mountPath: /etc/quayside/redis-ca
    readOnly: true
{{- end }}
{{- end -}}

{{/* Where PostgreSQL's CA certificate is mounted (postgresql.tls.caSecret), as DATABASE_SSL_CA_FILE reads it. */}}
{{- define "quayside.postgresCaFile" -}}
/etc/quayside/postgres-ca/ca.crt
{{- end -}}

{{/* Where Redis's CA certificate is mounted (redis.tls.caSecret), as REDIS_TLS_CA_FILE reads it. */}}
{{- define "quayside.redisCaFile" -}}
/etc/quayside/redis-ca/ca.crt
{{- end -}}
