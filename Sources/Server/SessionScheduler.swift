import JSONRPC

/// The ordering side of a session, apart from its model (the `Session` actor: the table, layout jobs and commits).
///
/// It admits the session's calls in arrival order and performs them on the model; holds a query of the committed
/// state that comes after a wait still waiting, with every call after it, until the wait is answered (as Texture's
/// wait blocks the main thread); holds calls back while a scroll waits for `neverShowPlaceholders` rows to be
/// displayed; has an insert's rows decoded ahead; counts the barriers it finishes for the query lane and publishes
/// the committed view after every job; releases each call's gate ticket once the call is performed or dropped;
/// answers the waits; and ends the session on dispose and on close. Session-isolated value: it lives in the
/// session's run loop, which hands it the session with every job.
struct SessionScheduler {
  /// Calls that arrived while a scroll waits for display or while a query is held, performed in order once that
  /// ends.
  private var heldBack: [SessionCall] = []
  /// A query of the committed state waiting for a wait's answer.
  private var heldQuery: SessionCall?
  /// True while the barrier that made the session wait for display is unfinished (it finishes when the wait does).
  private var blockingBarrier = false
  /// Barriers finished during the current job (a wait when it is answered or cancelled), for the query lane.
  private var finishedBarriers = 0
  /// `table/waitUntilAllUpdatesAreProcessed` requests waiting for the pending change sets to commit.
  private var waiters: [Reply] = []

  /// True while a wait performed earlier is still unanswered.
  private var isWaitPending: Bool { waiters.contains { !$0.isAnswered } }

  /// A job begins: no barrier has finished in it yet.
  mutating func beginJob() { finishedBarriers = 0 }

  /// A call arrived. It is held back while a scroll waits for display or a query is held (false: the job ends
  /// there, without `endJob`); otherwise its rows, if any, are decoded ahead on the layout workers, in parallel, and
  /// it is admitted (true).
  mutating func receive(_ call: SessionCall, in session: isolated Session) async -> Bool {
    if session.display.blocking != nil || heldQuery != nil {
      heldBack.append(call)
      return false
    }
    var call = call
    if let rows = call.rows, let member = call.method.unbuiltMember, call.reply?.isAnswered != true {
      call.rows = await rows.decodedAhead(path: "params.\(member)", using: session.cellDecoding)
    }
    admit(call, in: session)
    return true
  }

  /// Every wait is answered once no change set and no relayout is outstanding (so the notifications they caused are
  /// written first); each wait answered or cancelled is a finished barrier.
  mutating func answerWaitersIfIdle(in session: isolated Session) {
    let count = waiters.count
    waiters.removeAll { $0.isAnswered }  // cancelled
    finishedBarriers += count - waiters.count
    guard !session.isBusy, !waiters.isEmpty else { return }
    let answer = session.progress
    for waiter in waiters { waiter.result(answer) }
    finishedBarriers += waiters.count
    waiters.removeAll()
  }

  /// The job is done: the barrier that waited for display finishes once the display has; the held query, then the
  /// calls held back, go on while nothing holds them; then the query lane counts the barriers finished, answers the
  /// queries that waited for the job and publishes the committed view.
  mutating func endJob(in session: isolated Session) {
    if blockingBarrier && session.display.blocking == nil {
      blockingBarrier = false
      finishedBarriers += 1
    }
    while true {
      if let query = heldQuery {
        if isWaitPending { break }
        heldQuery = nil
        performQueued(query, in: session)
      }
      guard session.display.blocking == nil, !heldBack.isEmpty else { break }
      admit(heldBack.removeFirst(), in: session)
    }
    session.lane.settle(session.committedView, finishedBarriers: finishedBarriers)
  }

  /// `session/dispose`: the lane answers what waited for it; the blocking scroll, the waits, the held query and the
  /// calls held back are answered -32003 (their tickets released); the stream ends, the session frees its contents,
  /// and `reply` is answered.
  mutating func dispose(answering reply: Reply?, in session: isolated Session) async {
    session.lane.settle(session.committedView, finishedBarriers: 0)
    let gone = ServerError.unknownSession(session.id)
    session.display.blocking?.reply?.error(gone)
    for waiter in waiters { waiter.error(gone) }
    waiters.removeAll()
    for call in (heldQuery.map { [$0] } ?? []) + heldBack {
      call.reply?.error(gone)
      call.ticket.release()
    }
    session.jobs.finish()
    await session.releaseContents()
    reply?.result(.null)
  }

  /// Closing: nothing more will commit, so what still waits is answered -32800; then the held query and the calls
  /// held back are performed in order (a wait or a blocking scroll among them is answered -32800 too), the lane is
  /// settled and the stream ends.
  mutating func close(in session: isolated Session) {
    cancelWaiting(in: session)
    for call in (heldQuery.map { [$0] } ?? []) + heldBack {
      perform(call, in: session)
      call.ticket.release()
      cancelWaiting(in: session)
    }
    session.lane.settle(session.committedView, finishedBarriers: 0)
    session.jobs.finish()
  }

  /// Performs one call, or holds it when it is a query of the committed state behind a wait.
  private mutating func admit(_ call: SessionCall, in session: isolated Session) {
    if call.barrier, isWaitPending, call.isCommittedQuery {
      heldQuery = call
    } else {
      performQueued(call, in: session)
    }
  }

  /// Performs one call and releases its ticket, counting a barrier once it is finished (a wait when it is
  /// answered, a scroll that waits for display when the display is done).
  private mutating func performQueued(_ call: SessionCall, in session: isolated Session) {
    if call.barrier { session.lane.withdraw() }
    let waiting = perform(call, in: session)
    call.ticket.release()
    guard call.barrier, !waiting else { return }
    if session.display.blocking != nil { blockingBarrier = true } else { finishedBarriers += 1 }
  }

  /// Runs one call's session handler on the model and answers it: at once, once the pending change sets commit (a
  /// wait), once rows are displayed (a scroll), or from the layout workers (a layout query). True when the call is a
  /// wait left waiting (answered later).
  @discardableResult
  private mutating func perform(_ call: SessionCall, in session: isolated Session) -> Bool {
    let reply = call.reply
    if reply?.isAnswered == true { return false }  // cancelled while queued
    ServerLog.write(.log, "session \"\(session.id)\": \(call.method.name)")
    guard let handler = call.method.sessionHandler else {
      reply?.error(ServerError.methodNotFound(call.method.name))
      return false
    }
    if let refusal = session.kind.refusal(of: call.method.name, session: session.id) {
      reply?.error(refusal)
      return false
    }
    do throws(ResponseError) {
      switch try handler(session, Params(call.params), call.rows) {
      case .result(let value): reply?.result(value)
      case .waitForCommit:
        guard let reply else { return false }
        guard session.isBusy else {
          reply.result(session.progress)
          return false
        }
        waiters.append(reply)
        return true
      case .waitForDisplay(let rows):
        session.display.blocking = (reply, rows)
      case .compute(let work):
        LayoutWorkers.shared.submit {
          do throws(ResponseError) {
            if reply?.isAnswered == true { return }
            let value = try work()
            reply?.result(value)
          } catch {
            reply?.error(error)
          }
        }
      }
    } catch {
      reply?.error(error)
    }
    return false
  }

  /// Closing: answers the scroll waiting for display and the waits still waiting -32800 `request cancelled`.
  private mutating func cancelWaiting(in session: isolated Session) {
    session.display.blocking?.reply?.error(LayoutServer.cancelled)
    session.display.blocking = nil
    for waiter in waiters { waiter.error(LayoutServer.cancelled) }
    waiters.removeAll()
  }
}
