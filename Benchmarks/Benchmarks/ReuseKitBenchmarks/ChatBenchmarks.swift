import Benchmark
import ReuseKit
import Scenarios

/// The `chat` family: ``ChatScenario``, 1,000 older messages prepended to 1,000,000 per
/// operation.
func registerChatBenchmarks() {
  registerSteps(
    "chat/prepend/estimated", items: 1_000_000, scaling: .one,
    make: { ChatScenario() },
    step: { chat in chat.prependOlder() },
    result: { $0.view.reuseCounters.visible })
}
