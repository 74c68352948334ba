"""The cafe's dashboard: web pages over what a :class:`~companion.web.model.CafeSource`
gives (every table at a glance, leaderboards, the history, staff actions), each with
its JSON beside it, in English and French. The pages import nothing of the server:
``companion.cafe`` hands them a source (``create_app(source, ...)``)."""
