;;; eglot-test.el --- Emacs eglot (unchanged, Debian's elpa-eglot) against layoutd's language server -*- lexical-binding: t -*-

;; Opens a cell spec with an unknown member, sees eglot's Flymake diagnostic at the member's key, fixes the text in
;; the buffer (eglot sends the change) and sees the diagnostic cleared, hovers the element and reads its frame at
;; each default width, and completes a member name with eglot's completion-at-point.  Every expected number is read
;; off the spec's text: a node 3 pt tall spans the cell at each width.
;;
;;   LAYOUTD_BINARY=.build/debug/layoutd emacs --batch -Q -l Tests/Editors/eglot-test.el

(require 'package)
;; -Q skips site-start: Debian's elpa-* packages live here.
(add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa")
(package-initialize)
(require 'eglot)
(require 'flymake)
(require 'cl-lib)

(defvar layoutd-test-binary (or (getenv "LAYOUTD_BINARY") ".build/debug/layoutd"))
(defvar layoutd-test-failures 0)

(define-derived-mode layoutd-spec-mode prog-mode "LayoutSpec"
  "Layout-spec documents (JSON), served by layoutd.")

(defun layoutd-test-check (condition what)
  "Print WHAT as passed when CONDITION holds, else as failed."
  (if condition
      (princ (format "  ok   %s\n" what))
    (setq layoutd-test-failures (1+ layoutd-test-failures))
    (princ (format "  FAIL %s\n" what))))

(defun layoutd-test-wait (predicate what &optional seconds)
  "Run timers and read the server until PREDICATE holds, at most SECONDS (30); nil if it never did."
  (let ((deadline (+ (float-time) (or seconds 30))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (sit-for 0.05))
    (or (funcall predicate)
        (progn (princ (format "  ..   timed out waiting for %s\n" what)) nil))))

(defun layoutd-test-position (line character)
  "The buffer position of LSP LINE and CHARACTER (ASCII text)."
  (save-excursion
    (goto-char (point-min))
    (forward-line line)
    (+ (point) character)))

(defun layoutd-test-run ()
  "The whole test; returns when done."
  (let* ((dir (make-temp-file "layoutd-eglot" t))
         (file (expand-file-name "card.json" dir)))
    (with-temp-file file (insert "{\"type\": \"node\",\n  \"hieght\": 3}"))
    (find-file file)
    (layoutd-spec-mode)
    (setq-local eglot-send-changes-idle-time 0.05)
    (eglot '(layoutd-spec-mode) (cons 'transient dir) 'eglot-lsp-server
           (list (expand-file-name layoutd-test-binary) "--log-level" "error") "json")
    (layoutd-test-check (eglot-current-server) "eglot connected")
    ;; Line 1 is `  "hieght": 3}`: the key spans characters 2-10.
    (layoutd-test-wait (lambda () (flymake-diagnostics)) "a diagnostic")
    (let ((found (car (flymake-diagnostics))))
      (layoutd-test-check
       (and found
            (= (flymake-diagnostic-beg found) (layoutd-test-position 1 2))
            (= (flymake-diagnostic-end found) (layoutd-test-position 1 10)))
       "the unknown member's diagnostic at its key (1:2-1:10)")
      (layoutd-test-check
       ;; eglot shows the diagnostic's source before its message.
       (and found (string-match-p (regexp-quote "root.hieght: unknown member of a node element")
                                  (flymake-diagnostic-text found)))
       (format "its message: %s" (and found (flymake-diagnostic-text found)))))
    ;; `"hieght": 3` becomes `"style": {"height": 3}` in the buffer: eglot sends the change, the diagnostic goes.
    (goto-char (layoutd-test-position 1 2))
    (delete-region (point) (layoutd-test-position 1 13))
    (insert "\"style\": {\"height\": 3}")
    ;; eglot sends changes from an idle timer, which batch Emacs never runs: send them as eglot does before a request.
    (eglot--signal-textDocument/didChange)
    (layoutd-test-check (layoutd-test-wait (lambda () (null (flymake-diagnostics))) "the diagnostic cleared")
                        "fixed in the buffer: the diagnostic is cleared")
    ;; Hover on the element (line 0, character 3).
    (let* ((params (list :textDocument (eglot--TextDocumentIdentifier)
                         :position (list :line 0 :character 3)))
           (hover (jsonrpc-request (eglot-current-server) :textDocument/hover params))
           (value (or (plist-get (plist-get hover :contents) :value) "")))
      (dolist (width '(320 375 414))
        (layoutd-test-check (string-match-p (regexp-quote (format "| %d | 0 | 0 | %d | 3 |" width width)) value)
                            (format "hover: the node's frame at width %d" width))))
    ;; Completion right after the first `{`: the node's members not yet in the object.
    (goto-char (layoutd-test-position 0 1))
    (let* ((capf (eglot-completion-at-point))
           (table (and capf (nth 2 capf)))
           (labels (and table (all-completions "" table))))
      (layoutd-test-check (equal (sort (mapcar #'substring-no-properties labels) #'string<)
                                 '("id" "measure" "name"))
                          (format "completion offers the node's members: %S" (mapcar #'substring-no-properties labels))))
    ;; `shutdown` must be answered within eglot's 1.5 s, else eglot-shutdown signals an error; then Emacs 28's
    ;; jsonrpc.el deletes the process right after sending `exit` (so it reports status 9 in the log).
    (eglot-shutdown (eglot-current-server))
    (layoutd-test-check t "eglot-shutdown: shutdown answered")
    (delete-directory dir t)))

(condition-case err
    (layoutd-test-run)
  (error (setq layoutd-test-failures (1+ layoutd-test-failures))
         (princ (format "  FAIL an error: %S\n" err))))
(princ (if (zerop layoutd-test-failures) "eglot: all passed\n" (format "eglot: %d FAILED\n" layoutd-test-failures)))
(kill-emacs (if (zerop layoutd-test-failures) 0 1))

;;; eglot-test.el ends here
