{{/*
One worker app: its Deployment, a Service for its health and metrics port, a
PodDisruptionBudget, and (autoscaling.enabled) a KEDA ScaledObject on the depth of the queues it
consumes. Called with (dict "root" $ "app" "<name>" "settings" <its values> "scaling" <its
autoscaling values> "queues" (list <queue names>) "documents" <whether it reads documents>).
*/}}
{{- define "quayside.worker" -}}
{{- $root := .root -}}
{{- $name := printf "%s-%s" (include "quayside.fullname" $root) .app -}}
{{- $selector := include "quayside.selectorLabels" (dict "root" $root "app" .app) -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "quayside.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .app }}
spec:
  {{- if not $root.Values.autoscaling.enabled }}
  replicas: {{ .settings.replicas }}
  {{- end }}
  selector:
    matchLabels:
      {{- $selector | nindent 6 }}
  template:
    metadata:
      labels:
        {{- $selector | nindent 8 }}
        {{- if .documents }}
        {{- include "quayside.documentsPodLabel" $root | nindent 8 }}
        {{- end }}
      annotations:
        {{- include "quayside.configChecksums" $root | nindent 8 }}
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      {{- include "quayside.podCommon" (dict "root" $root "documents" .documents) | nindent 6 }}
      # A worker stopping finishes or hands back its jobs in flight (Bull's lock) before it exits.
      terminationGracePeriodSeconds: 60
      containers:
        - name: {{ .app }}
          image: {{ include "quayside.image" $root }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          args: [{{ .app }}]
          env:
            - name: OPS_HOST
              value: 0.0.0.0
            - name: OPS_PORT
              value: {{ .settings.opsPort | quote }}
            - name: DATABASE_POOL_SIZE
              value: {{ .settings.databasePoolSize | quote }}
            {{- range $key, $value := .settings.env }}
            - name: {{ $key }}
              value: {{ $value | toString | quote }}
            {{- end }}
          envFrom:
            {{- include "quayside.envFrom" $root | nindent 12 }}
          ports:
            - name: ops
              containerPort: {{ .settings.opsPort }}
              protocol: TCP
          livenessProbe:
            httpGet:
              path: /health/live
              port: ops
            initialDelaySeconds: 10
            periodSeconds: 10
            timeoutSeconds: 5
            failureThreshold: 6
          readinessProbe:
            httpGet:
              path: /health/ready
              port: ops
            periodSeconds: 10
            timeoutSeconds: 5
            failureThreshold: 3
          startupProbe:
            httpGet:
              path: /health/live
              port: ops
            periodSeconds: 5
            failureThreshold: 36
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          resources:
            {{- toYaml .settings.resources | nindent 12 }}
          {{- include "quayside.volumeMounts" (dict "root" $root "documents" .documents) | nindent 10 }}
      {{- include "quayside.volumes" (dict "root" $root "documents" .documents) | nindent 6 }}
---
# Health and Prometheus metrics of the worker (it serves nothing else).
apiVersion: v1
kind: Service
metadata:
  name: {{ $name }}
  labels:
    {{- include "quayside.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .app }}
spec:
  type: ClusterIP
  selector:
    {{- $selector | nindent 4 }}
  ports:
    - name: ops
      port: {{ .settings.opsPort }}
      targetPort: ops
      protocol: TCP
{{- if .settings.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $name }}
  labels:
    {{- include "quayside.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .app }}
spec:
  maxUnavailable: {{ .settings.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- $selector | nindent 6 }}
{{- end }}
{{- if $root.Values.autoscaling.enabled }}
{{- $redis := $root.Values.autoscaling.redis }}
{{- $scaling := .scaling }}
---
# Bull keeps a queue's waiting jobs (priorities included) in the list <prefix>:<queue>:wait.
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ $name }}
  labels:
    {{- include "quayside.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ .app }}
spec:
  scaleTargetRef:
    name: {{ $name }}
  minReplicaCount: {{ $scaling.minReplicas }}
  maxReplicaCount: {{ $scaling.maxReplicas }}
  pollingInterval: {{ $root.Values.autoscaling.pollingInterval }}
  cooldownPeriod: {{ $root.Values.autoscaling.cooldownPeriod }}
  triggers:
    {{- range $queue := .queues }}
    {{- if $root.Values.redis.clusterNodes }}
    # On a Cluster the queue's keys carry its name as a hash tag (libs/queues queuePrefix).
    - type: redis-cluster
      metadata:
        addresses: {{ join "," $root.Values.redis.clusterNodes | quote }}
        enableTLS: {{ $redis.enableTLS | toString | quote }}
        listName: {{ printf "%s:{%s}:%s:wait" $root.Values.config.REDIS_PREFIX $queue $queue | quote }}
        listLength: {{ $scaling.listLength | toString | quote }}
    {{- else }}
    - type: redis
      metadata:
        address: {{ $redis.address | quote }}
        databaseIndex: {{ $redis.databaseIndex | toString | quote }}
        enableTLS: {{ $redis.enableTLS | toString | quote }}
        listName: {{ printf "%s:%s:wait" $root.Values.config.REDIS_PREFIX $queue | quote }}
        listLength: {{ $scaling.listLength | toString | quote }}
    {{- end }}
      {{- if $redis.passwordSecret.name }}
      authenticationRef:
        name: {{ $name }}-redis
      {{- end }}
    {{- end }}
{{- if $redis.passwordSecret.name }}
---
apiVersion: keda.sh/v1alpha1
kind: TriggerAuthentication
metadata:
  name: {{ $name }}-redis
  labels:
    {{- include "quayside.labels" $root | nindent 4 }}
spec:
  secretTargetRef:
    - parameter: password
      name: {{ $redis.passwordSecret.name }}
      key: {{ required "autoscaling.redis.passwordSecret.key is required with its name" $redis.passwordSecret.key }}
{{- end }}
{{- end }}
{{- end -}}
