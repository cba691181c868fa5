//! What a user writes instead of generating: serde derives for each seed,
//! written by hand from the schema, validating nothing (no pattern, length,
//! bound, `const` or `required`-beyond-the-type is checked; unknown members
//! are dropped; numbers are `serde_json::Number`, since a JSON Schema integer
//! may be written `9.0`). The floor a validated typed parse is measured
//! against: the same typed value with none of the guarantees. It must accept
//! every valid document of the bench (`profile … handwritten` checks it).

/// The commands seed: the envelope with its payload told apart by `type`
/// (adjacently tagged, flattened into the envelope; an unknown `type` kept
/// by an untagged fallback), as serde users write it.
pub mod commands {
    use serde::Deserialize;
    use serde_json::{Number, Value};
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct CommandEnvelope {
        pub protocol_version: String,
        pub command_id: String,
        pub run_id: Option<String>,
        pub issued_at: String,
        pub actor: Actor,
        pub expected_sequence: Option<Number>,
        pub auth: Option<Auth>,
        #[serde(flatten)]
        pub command: AnyCommand,
    }

    /// A known command, or one added by a later minor version (readers
    /// ignore it, but a relay keeps it).
    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    pub enum AnyCommand {
        Known(Command),
        Unknown {
            #[serde(rename = "type")]
            type_name: String,
            payload: Option<Value>,
        },
    }

    #[derive(Debug, Deserialize)]
    pub struct Actor {
        pub kind: ActorKind,
        pub id: String,
        pub transport: String,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum ActorKind {
        Human,
        Client,
        System,
    }

    #[derive(Debug, Deserialize)]
    pub struct Auth {
        pub scheme: String,
        pub value: String,
    }

    #[derive(Debug, Deserialize)]
    #[serde(tag = "type", content = "payload")]
    pub enum Command {
        #[serde(rename = "start")]
        Start(Start),
        #[serde(rename = "status")]
        Status(Status),
        #[serde(rename = "inspect")]
        Inspect(Inspect),
        #[serde(rename = "tail")]
        Tail(Tail),
        #[serde(rename = "pause")]
        Pause(Reason),
        #[serde(rename = "resume")]
        Resume(Resume),
        #[serde(rename = "cancel")]
        Cancel(Cancel),
        #[serde(rename = "approve")]
        Approve(Approve),
        #[serde(rename = "deny")]
        Deny(Deny),
        #[serde(rename = "retry")]
        Retry(Retry),
        #[serde(rename = "skip")]
        Skip(Skip),
        #[serde(rename = "run-tool")]
        RunTool(RunTool),
        #[serde(rename = "reconcile")]
        Reconcile(Reconcile),
        #[serde(rename = "shutdown")]
        Shutdown(Shutdown),
        #[serde(rename = "agent.send")]
        AgentSend(AgentSend),
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Start {
        pub profile: String,
        pub spec: Option<Spec>,
        pub review_target: Option<ReviewTarget>,
        pub with_fix: Option<bool>,
        pub phases: Option<Vec<Phase>>,
        pub model_overrides: Option<BTreeMap<String, ModelOverride>>,
        pub runtime: Option<String>,
        pub fake_script: Option<String>,
        pub unattended: bool,
        pub budgets: Option<Budgets>,
        pub sandbox_require: Option<SandboxRequire>,
        pub consent: Option<Consent>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    pub enum Spec {
        Id { id: String },
        Path { path: String },
    }

    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    pub enum ReviewTarget {
        Ref {
            #[serde(rename = "ref")]
            reference: String,
        },
        Range {
            base: String,
            head: String,
        },
        Run {
            #[serde(rename = "runId")]
            run_id: String,
        },
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum Phase {
        Brainstorm,
        Spec,
        Preflight,
        Build,
        Test,
        Review,
        Fix,
        Ship,
    }

    #[derive(Debug, Deserialize)]
    pub struct ModelOverride {
        pub provider: String,
        pub model: String,
        pub capability: Option<Capability>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Capability {
        Fast,
        Coding,
        Reasoning,
        Vision,
        Cheap,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Budgets {
        pub tokens: Option<Number>,
        pub model_requests: Option<Number>,
        pub tool_calls: Option<Number>,
        pub wall_clock_ms: Option<Number>,
        pub retries: Option<Number>,
        pub fix_rounds: Option<Number>,
        pub context_tokens: Option<Number>,
        pub concurrent_agents: Option<Number>,
        pub estimated_quota_percent: Option<Number>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum SandboxRequire {
        Native,
        BestEffort,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Consent {
        pub policy_sha256: String,
        pub via: String,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Status {
        pub run_id: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    pub struct Inspect {
        pub target: InspectTarget,
    }

    #[derive(Debug, Deserialize)]
    #[serde(tag = "kind", rename_all = "lowercase")]
    pub enum InspectTarget {
        #[serde(rename_all = "camelCase")]
        Agent {
            agent_id: String,
        },
        #[serde(rename_all = "camelCase")]
        Context {
            agent_id: String,
            incarnation: Number,
        },
        #[serde(rename_all = "camelCase")]
        Approval {
            approval_id: String,
        },
        #[serde(rename_all = "camelCase")]
        Effect {
            effect_id: String,
        },
        Snapshot,
        Locks,
        Diff {
            surface: Option<String>,
        },
        #[serde(rename_all = "camelCase")]
        Artifact {
            artifact_id: String,
            max_bytes: Option<Number>,
            offset: Option<Number>,
        },
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Tail {
        pub since_sequence: Option<Number>,
        pub replay: Option<Number>,
        pub follow: bool,
        pub ephemeral: bool,
    }

    #[derive(Debug, Deserialize)]
    pub struct Reason {
        pub reason: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Resume {
        pub acknowledge: Option<String>,
        pub raise_budgets: Option<Budgets>,
        pub takeover: Option<bool>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Cancel {
        pub reason: Option<String>,
        pub keep_worktrees: bool,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Approve {
        pub approval_id: String,
        pub scope: Scope,
        pub answer: Option<String>,
        pub note: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Scope {
        Once,
        Run,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Deny {
        pub approval_id: String,
        pub note: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    pub struct Retry {
        pub target: RetryTarget,
    }

    #[derive(Debug, Deserialize)]
    #[serde(tag = "kind", rename_all = "lowercase")]
    pub enum RetryTarget {
        Phase {
            state: Option<Phase>,
        },
        Agent {
            #[serde(rename = "agentId")]
            agent_id: String,
        },
    }

    #[derive(Debug, Deserialize)]
    pub struct Skip {
        pub phase: Phase,
        pub justification: String,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct RunTool {
        pub agent_id: Option<String>,
        pub tool: String,
        pub input: Value,
        pub justification: String,
    }

    #[derive(Debug, Deserialize)]
    pub struct Reconcile {
        pub mode: ReconcileMode,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum ReconcileMode {
        Plan,
        Apply,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Shutdown {
        pub grace_ms: Number,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct AgentSend {
        pub agent_id: String,
        pub text: String,
        pub delivery: Delivery,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Delivery {
        Steer,
        FollowUp,
    }
}

/// The launch-request seed.
pub mod launch_request {
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct LaunchRequest {
        pub contract_version: String,
        pub input: String,
        pub mode: Mode,
        pub kind: Option<Kind>,
        pub answers: BTreeMap<String, Answer>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Mode {
        Interactive,
        Autopilot,
        Background,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Kind {
        Analysis,
        Development,
    }

    #[derive(Debug, Deserialize)]
    #[serde(untagged)]
    pub enum Answer {
        One(String),
        Many(Vec<String>),
    }
}

/// Reads every byte of a document and builds nothing: the scan floor.
pub fn scan(bytes: &[u8]) -> bool {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok()
}
